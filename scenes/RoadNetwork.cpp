#include "scenes/RoadNetwork.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace blindspot {
namespace {

// A cubic Bezier's control arm for a circular arc of 90 degrees: 4/3 tan(pi/8) times the radius.
constexpr double kArcArm = 0.5522847498;

double wrapAngle(double a) { return std::remainder(a, 2 * M_PI); }

Eigen::Vector2d unit(double heading) { return {std::cos(heading), std::sin(heading)}; }

// Straight lines are sampled every metre, so that nearest() finds a point on them.
Polyline straight(const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
    const int n = std::max(1, int(std::ceil((b - a).norm())));
    std::vector<Eigen::Vector2d> pts;
    for (int i = 0; i <= n; ++i) pts.push_back(a + (b - a) * (double(i) / n));
    return makePolyline(std::move(pts));
}

// The Bezier from p0 (heading h0) to p3 (heading h3); its arms reach kArcArm of the way to where
// the two tangents meet, so a right-angled turn with equal legs is a quarter circle (to 0.03%).
Polyline connector(const Eigen::Vector2d& p0, double h0, const Eigen::Vector2d& p3, double h3) {
    const Eigen::Vector2d d0 = unit(h0), d3 = unit(h3);
    const double cross = d0.x() * d3.y() - d0.y() * d3.x();
    if (std::fabs(cross) < 1e-9) return straight(p0, p3);
    // Tangent lines p0 + a d0 and p3 - b d3 meet where a d0 + b d3 = p3 - p0.
    const Eigen::Vector2d r = p3 - p0;
    const double a = (r.x() * d3.y() - r.y() * d3.x()) / cross;
    const double b = (d0.x() * r.y() - d0.y() * r.x()) / cross;
    const Eigen::Vector2d p1 = p0 + d0 * (kArcArm * a), p2 = p3 - d3 * (kArcArm * b);
    const int n = std::max(8, int(std::ceil((a + b) / 0.2)));
    std::vector<Eigen::Vector2d> pts;
    std::vector<double> headings;
    for (int i = 0; i <= n; ++i) {
        const double t = double(i) / n, u = 1 - t;
        pts.push_back(u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3);
        const Eigen::Vector2d d =
            3 * u * u * (p1 - p0) + 6 * u * t * (p2 - p1) + 3 * t * t * (p3 - p2);
        headings.push_back(std::atan2(d.y(), d.x()));
    }
    pts.back() = p3;  // exactly, so that the lanes chain without a seam
    headings.front() = h0, headings.back() = h3;
    return makePolyline(std::move(pts), std::move(headings));
}

}  // namespace

namespace {
// The segment index i with s_m[i] <= s <= s_m[i + 1].
std::size_t segmentAt(const Polyline& p, double s) {
    const auto it = std::upper_bound(p.s_m.begin(), p.s_m.end(), s);
    const std::size_t i = it == p.s_m.begin() ? 0 : std::size_t(it - p.s_m.begin()) - 1;
    return std::min(i, p.points_m.size() - 2);
}

double segmentHeading(const Polyline& p, std::size_t i) {
    const Eigen::Vector2d d = p.points_m[i + 1] - p.points_m[i];
    return std::atan2(d.y(), d.x());
}

// At a vertex: the mean of the two adjacent segments' headings; at an end, its segment's.
double vertexHeading(const Polyline& p, std::size_t i) {
    if (p.points_m.size() < 2) return 0.0;
    const std::size_t last = p.points_m.size() - 1;
    if (i == 0) return segmentHeading(p, 0);
    if (i == last) return segmentHeading(p, last - 1);
    const double a = segmentHeading(p, i - 1), b = segmentHeading(p, i);
    return wrapAngle(a + wrapAngle(b - a) / 2);
}
}  // namespace

Polyline makePolyline(std::vector<Eigen::Vector2d> points_m, std::vector<double> headings_rad) {
    Polyline p;
    p.points_m = std::move(points_m);
    double s = 0.0;
    for (std::size_t i = 0; i < p.points_m.size(); ++i) {
        if (i > 0) s += (p.points_m[i] - p.points_m[i - 1]).norm();
        p.s_m.push_back(s);
    }
    p.heading_rad = std::move(headings_rad);
    if (p.heading_rad.size() != p.points_m.size()) {
        p.heading_rad.clear();
        for (std::size_t i = 0; i < p.points_m.size(); ++i)
            p.heading_rad.push_back(vertexHeading(p, i));
    }
    return p;
}

void Polyline::append(const Polyline& other) {
    for (std::size_t i = 0; i < other.points_m.size(); ++i) {
        const Eigen::Vector2d& p = other.points_m[i];
        if (!points_m.empty() && (p - points_m.back()).norm() < 1e-9) continue;
        s_m.push_back(points_m.empty() ? 0.0 : s_m.back() + (p - points_m.back()).norm());
        points_m.push_back(p);
        heading_rad.push_back(other.heading_rad[i]);
    }
}

Eigen::Vector2d Polyline::at(double s) const {
    if (points_m.size() < 2) return points_m.empty() ? Eigen::Vector2d::Zero() : points_m[0];
    s = std::clamp(s, 0.0, length());
    const std::size_t i = segmentAt(*this, s);
    const double len = s_m[i + 1] - s_m[i];
    const double t = len > 0 ? (s - s_m[i]) / len : 0.0;
    return points_m[i] + (points_m[i + 1] - points_m[i]) * t;
}

double Polyline::headingAt(double s) const {
    if (points_m.size() < 2) return 0.0;
    s = std::clamp(s, 0.0, length());
    const std::size_t i = segmentAt(*this, s);
    const double len = s_m[i + 1] - s_m[i];
    const double t = len > 0 ? (s - s_m[i]) / len : 0.0;
    const double a = heading_rad[i], b = heading_rad[i + 1];
    return wrapAngle(a + wrapAngle(b - a) * t);
}

std::pair<int, double> RoadNetwork::nearest(const Eigen::Vector2d& xy_m) const {
    std::pair<int, double> best{-1, 0.0};
    double best_d = std::numeric_limits<double>::infinity();
    for (std::size_t l = 0; l < lanes.size(); ++l) {
        const Polyline& c = lanes[l].centre;
        for (std::size_t i = 0; i < c.points_m.size(); ++i) {
            const double d = (c.points_m[i] - xy_m).squaredNorm();
            if (d < best_d) best_d = d, best = {int(l), c.s_m[i]};
        }
    }
    return best;
}

RoadNetwork buildRoadNetwork(std::vector<Eigen::Vector2d> nodes_m, std::vector<RoadSegment> roads,
                             double lane_offset_m, double stop_setback_m) {
    RoadNetwork net;
    net.nodes_m = std::move(nodes_m);
    net.roads = std::move(roads);
    net.stop_setback_m = stop_setback_m;
    std::vector<int> degree(net.nodes_m.size(), 0);
    for (const auto& r : net.roads)
        ++degree[std::size_t(r.from_node)], ++degree[std::size_t(r.to_node)];
    auto setback = [&](int node) { return degree[std::size_t(node)] >= 2 ? stop_setback_m : 0.0; };
    // Road lanes: one per direction, right of the centre line.
    std::vector<int> start_node;  // per lane: the node a road lane leaves
    for (std::size_t r = 0; r < net.roads.size(); ++r) {
        for (bool forward : {true, false}) {
            const int from = forward ? net.roads[r].from_node : net.roads[r].to_node;
            const int to = forward ? net.roads[r].to_node : net.roads[r].from_node;
            const Eigen::Vector2d a = net.nodes_m[std::size_t(from)],
                                  b = net.nodes_m[std::size_t(to)];
            const Eigen::Vector2d u = (b - a).normalized(), right(u.y(), -u.x());
            Lane lane;
            lane.road = int(r);
            lane.node = to;
            lane.centre = straight(a + u * setback(from) + right * lane_offset_m,
                                   b - u * setback(to) + right * lane_offset_m);
            net.lanes.push_back(std::move(lane));
            start_node.push_back(from);
        }
    }
    // Connectors: every incoming lane of an intersection to every outgoing lane of another road.
    const std::size_t road_lanes = net.lanes.size();
    for (std::size_t in = 0; in < road_lanes; ++in) {
        const int node = net.lanes[in].node;
        if (degree[std::size_t(node)] < 2) continue;
        for (std::size_t out = 0; out < road_lanes; ++out) {
            if (start_node[out] != node || net.lanes[out].road == net.lanes[in].road) continue;
            const Polyline& a = net.lanes[in].centre;
            const Polyline& b = net.lanes[out].centre;
            Lane c;
            c.kind = LaneKind::Connector;
            c.node = node;
            c.centre = connector(a.points_m.back(), a.headingAt(a.length()), b.points_m.front(),
                                 b.headingAt(0.0));
            c.next = {int(out)};
            net.lanes[in].next.push_back(int(net.lanes.size()));
            net.lanes.push_back(std::move(c));
        }
    }
    return net;
}

}  // namespace blindspot
