#pragma once
// A background's road network as lane centre lines (ISO 8855 world frame, metres): one lane per
// direction of every road, and connector lanes through each intersection (straight on, left,
// right; no U-turns). Traffic drives on the right. Lanes are polylines with arc length, so a
// route is a chain of lanes and a vehicle's place on it is one number, s (m).
#include <Eigen/Core>
#include <vector>

namespace blindspot {

/// A centre line sampled densely enough to follow (<= 0.25 m between points on curves).
struct Polyline {
    std::vector<Eigen::Vector2d> points_m;
    std::vector<double> s_m;          ///< arc length at each point; s_m[0] = 0
    std::vector<double> heading_rad;  ///< tangent direction at each point (CCW from +x)

    double length() const { return s_m.empty() ? 0.0 : s_m.back(); }
    /// Position at arc length s (clamped to [0, length]).
    Eigen::Vector2d at(double s) const;
    /// Heading (rad, CCW from +x) at s, interpolated between the points' tangents so that it is
    /// continuous along curves and exact where lanes meet.
    double headingAt(double s) const;
    /// Appends `other`, skipping a point that equals this line's last one.
    void append(const Polyline& other);
};
/// Tangents from `headings_rad` (one per point) or, when empty, from the neighbouring segments.
Polyline makePolyline(std::vector<Eigen::Vector2d> points_m, std::vector<double> headings_rad = {});

/// A road between two nodes of the network (intersections or dead ends).
struct RoadSegment {
    int from_node = 0, to_node = 0;
};

enum class LaneKind { Road, Connector };

struct Lane {
    LaneKind kind = LaneKind::Road;
    Polyline centre;
    int node = -1;  ///< for a connector: the intersection it crosses; else the node it ends at
    int road = -1;  ///< for a road lane: its segment
    std::vector<int> next;  ///< lanes that may follow this one
};

struct RoadNetwork {
    std::vector<Eigen::Vector2d> nodes_m;
    std::vector<RoadSegment> roads;
    std::vector<Lane> lanes;
    /// Distance from an intersection's centre to where its incoming lanes end (the stop line).
    double stop_setback_m = 0.0;

    bool empty() const { return lanes.empty(); }
    /// The lane and arc length of the lane point nearest to (x, y).
    std::pair<int, double> nearest(const Eigen::Vector2d& xy_m) const;
};

/// Lanes for `roads` between `nodes_m`: each road gets a lane per direction `lane_offset_m` right
/// of its centre line. At a node of degree >= 2 the lanes stop `stop_setback_m` from its centre
/// and connectors (cubic Bezier curves, which are quarter circles for right-angled turns with
/// equal setbacks) join every incoming lane to every outgoing lane but its own road's. At a dead
/// end the lanes start and end at the node itself.
RoadNetwork buildRoadNetwork(std::vector<Eigen::Vector2d> nodes_m, std::vector<RoadSegment> roads,
                             double lane_offset_m, double stop_setback_m);

}  // namespace blindspot
