#include "scenes/RealBackground.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <tuple>
#include <utility>

#include "core/base/AtomicFile.hpp"
#include "core/base/Hash.hpp"
#include "core/segmentation/DatasetConfusion.hpp"

namespace blindspot {
namespace {

namespace fs = std::filesystem;

// SemanticKITTI's ground classes: road, parking, sidewalk, other-ground, lane-marking, terrain.
bool isGroundClass(std::uint16_t id) {
    return id == 40 || id == 44 || id == 48 || id == 49 || id == 60 || id == 72;
}

// Not obstacles: unlabeled and outlier returns, which a placement may stand in.
bool isIgnoredClass(std::uint16_t id) { return id == 0 || id == 1; }

std::size_t parseNumber(const std::string& text, const std::string& value,
                        const ErrorSource& where) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
        throw ConfigError(where, "\"" + value +
                                     "\": expected real:DIR#N or real:DIR#A..B[:S] with whole "
                                     "frame numbers");
    return std::stoul(text);
}

std::string binPath(const std::string& dir, std::size_t frame) {
    return (fs::path(dir) / "velodyne" / (kittiFrameName(frame) + ".bin")).string();
}

// The number of frames in DIR/velodyne (the highest NNNNNN.bin + 1).
std::size_t frameCount(const std::string& dir) {
    std::size_t n = 0;
    for (const auto& e : fs::directory_iterator(fs::path(dir) / "velodyne")) {
        const std::string stem = e.path().stem().string();
        if (e.path().extension() == ".bin" && !stem.empty() &&
            stem.find_first_not_of("0123456789") == std::string::npos)
            n = std::max(n, std::size_t(std::stoul(stem)) + 1);
    }
    return n;
}

// Whether a point's (x, y) lies inside a footprint grown by `margin_m`.
bool inside(const Footprint& f, double x, double y, double margin_m) {
    const double c = std::cos(f.yaw_rad), s = std::sin(f.yaw_rad);
    const double dx = x - f.centre.x(), dy = y - f.centre.y();
    const double u = c * dx + s * dy, v = -s * dx + c * dy;
    return std::fabs(u) <= f.half_size.x() + margin_m && std::fabs(v) <= f.half_size.y() + margin_m;
}

double median(std::vector<double> v, double quantile) {
    const auto k = std::size_t(quantile * double(v.size() - 1));
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.end());
    return v[k];
}

}  // namespace

bool isRealBackground(const std::string& id) { return id.rfind(kRealBackgroundPrefix, 0) == 0; }

std::vector<std::string> expandRealBackground(const std::string& value, const ErrorSource& where) {
    if (!isRealBackground(value)) return {value};
    const std::string body = value.substr(std::string(kRealBackgroundPrefix).size());
    const std::size_t hash = body.rfind('#');
    if (hash == std::string::npos || hash == 0)
        throw ConfigError(where, "\"" + value + "\": expected real:DIR#N or real:DIR#A..B[:S]");
    const std::string dir = body.substr(0, hash), frames = body.substr(hash + 1);
    if (!fs::is_directory(fs::path(dir) / "velodyne"))
        throw ConfigError(where, "\"" + value + "\": " + dir +
                                     "/velodyne does not exist (expected a sequence directory "
                                     "in the SemanticKITTI layout)");
    const std::size_t dots = frames.find("..");
    std::size_t first = 0, last = 0, step = 1;
    if (dots == std::string::npos) {
        first = last = parseNumber(frames, value, where);
    } else {
        first = parseNumber(frames.substr(0, dots), value, where);
        const std::string rest = frames.substr(dots + 2);
        const std::size_t colon = rest.find(':');
        last = parseNumber(rest.substr(0, colon), value, where);
        if (colon != std::string::npos) step = parseNumber(rest.substr(colon + 1), value, where);
        if (step == 0 || last < first)
            throw ConfigError(where, "\"" + value + "\": expected A <= B and a step S >= 1");
    }
    const std::size_t count = frameCount(dir);
    if (last >= count)
        throw ConfigError(where, "\"" + value + "\": frame " + std::to_string(last) +
                                     " is past the sequence's last frame (" +
                                     std::to_string(count) + " frames in " + dir + "/velodyne)");
    std::vector<std::string> ids;
    for (std::size_t f = first; f <= last; f += step) {
        if (!fs::exists(binPath(dir, f)))
            throw ConfigError(where, "\"" + value + "\": frame " + std::to_string(f) +
                                         " is missing (" + binPath(dir, f) + ")");
        ids.push_back(std::string(kRealBackgroundPrefix) + dir + "#" + std::to_string(f));
    }
    return ids;
}

namespace {

// The files of frame `id`: its .bin, and its .label when the sequence has labels.
// A single frame's id is parsed, not expanded: expanding lists the sequence's directory, which a
// sweep would otherwise do once per scene. A missing file is the FileError of reading it.
std::pair<std::string, std::string> framePaths(const std::string& id, const ErrorSource& where) {
    const std::string body =
        isRealBackground(id) ? id.substr(std::string(kRealBackgroundPrefix).size()) : "";
    const std::size_t hash = body.rfind('#');
    if (hash == std::string::npos || hash == 0)
        throw ConfigError(where, "\"" + id + "\": expected one frame, real:DIR#N");
    const std::string dir = body.substr(0, hash);
    const std::size_t frame = parseNumber(body.substr(hash + 1), id, where);
    const fs::path labels = fs::path(dir) / "labels" / (kittiFrameName(frame) + ".label");
    return {binPath(dir, frame), fs::exists(labels) ? labels.string() : ""};
}

std::string contentHash(const std::string& bin_bytes, const std::string& label_bytes) {
    return hex64(fnv1a64(label_bytes, fnv1a64(bin_bytes)));
}

}  // namespace

std::string realFrameHash(const std::string& id, const ErrorSource& where) {
    const auto [bin, label] = framePaths(id, where);
    return contentHash(readFileBytes(bin), label.empty() ? "" : readFileBytes(label));
}

RealFrame loadRealFrame(const std::string& id, const ErrorSource& where) {
    RealFrame f;
    f.id = id;
    std::tie(f.bin_path, f.label_path) = framePaths(id, where);
    const std::string bin_bytes = readFileBytes(f.bin_path);
    const std::string label_bytes = f.label_path.empty() ? "" : readFileBytes(f.label_path);
    f.points = decodeKittiScan(bin_bytes, f.bin_path, label_bytes, f.label_path);
    f.labelled = !f.label_path.empty();
    if (!f.labelled) {
        f.points.label.assign(f.points.size(), 0);
        f.points.instance.assign(f.points.size(), 0);
    }
    f.content_hash = contentHash(bin_bytes, label_bytes);
    return f;
}

GroundUnder groundUnder(const RealFrame& frame, const Footprint& print) {
    const PointList& p = frame.points;
    std::vector<double> labelled, near;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const double x = p.xyzi[4 * i], y = p.xyzi[4 * i + 1], z = p.xyzi[4 * i + 2];
        if (frame.labelled && isGroundClass(p.label[i]) && inside(print, x, y, 0.5))
            labelled.push_back(z);
        if (inside(print, x, y, 2.0)) near.push_back(z);
    }
    if (labelled.size() >= 5) return {median(labelled, 0.5), labelled.size(), "labels"};
    if (!near.empty()) return {median(near, 0.1), near.size(), "lowest returns"};
    return {std::numeric_limits<double>::quiet_NaN(), 0, "none"};
}

std::string RealCollision::reason() const {
    if (points == 0) return "";
    return "collides with " + std::to_string(points) + " " + dominant_class + " points";
}

RealCollision collisionWith(const RealFrame& frame, const Footprint& print, double ground_z_m,
                            double height_m) {
    const PointList& p = frame.points;
    std::map<std::uint16_t, std::size_t> by_class;
    RealCollision c;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const double x = p.xyzi[4 * i], y = p.xyzi[4 * i + 1], z = p.xyzi[4 * i + 2];
        if (z < ground_z_m + 0.2 || z > ground_z_m + height_m || !inside(print, x, y, 0.0))
            continue;
        const std::uint16_t id = p.label[i];
        if (frame.labelled && (isGroundClass(id) || isIgnoredClass(id))) continue;
        ++by_class[id];
        ++c.points;
    }
    std::size_t most = 0;
    for (const auto& [id, n] : by_class)
        if (n > most) most = n, c.dominant_class = semanticKittiClassName(id);
    return c;
}

}  // namespace blindspot
