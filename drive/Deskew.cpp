#include "drive/Deskew.hpp"

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/Json.hpp"
#include "core/scan/ScanIo.hpp"

namespace blindspot {
namespace {

namespace fs = std::filesystem;

std::vector<double> numbersAfter(const std::string& line, std::size_t skip,
                                 const std::string& file) {
    std::istringstream in(line.substr(skip));
    std::vector<double> v;
    double x;
    while (in >> x) v.push_back(x);
    if (v.size() != 12) throw FileError(file, "expected 12 numbers per line, got: " + line);
    return v;
}

Eigen::Isometry3d fromRow(const std::vector<double>& v) {
    Eigen::Isometry3d t = Eigen::Isometry3d::Identity();
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 4; ++c) t.matrix()(r, c) = v[std::size_t(4 * r + c)];
    return t;
}

// a interpolated towards b by alpha (may be outside [0, 1]).
Eigen::Isometry3d interpolate(const Eigen::Isometry3d& a, const Eigen::Isometry3d& b,
                              double alpha) {
    const Eigen::Isometry3d delta = a.inverse() * b;
    const Eigen::AngleAxisd turn(delta.rotation());
    Eigen::Isometry3d step = Eigen::Isometry3d::Identity();
    step.linear() = Eigen::AngleAxisd(turn.angle() * alpha, turn.axis()).toRotationMatrix();
    step.translation() = delta.translation() * alpha;
    return a * step;
}

}  // namespace

std::vector<Eigen::Isometry3d> readLidarPoses(const std::string& dir) {
    const std::string calib_path = (fs::path(dir) / "calib.txt").string();
    const std::string poses_path = (fs::path(dir) / "poses.txt").string();
    std::istringstream calib(readFileBytes(calib_path));
    Eigen::Isometry3d tr = Eigen::Isometry3d::Identity();
    bool found = false;
    for (std::string line; std::getline(calib, line);)
        if (line.rfind("Tr:", 0) == 0)
            tr = fromRow(numbersAfter(line, 3, calib_path)), found = true;
    if (!found) throw FileError(calib_path, "expected a line \"Tr: ...\"");
    std::istringstream poses(readFileBytes(poses_path));
    std::vector<Eigen::Isometry3d> out;
    for (std::string line; std::getline(poses, line);)
        if (!line.empty())
            out.push_back(tr.inverse() * fromRow(numbersAfter(line, 0, poses_path)) * tr);
    return out;
}

std::vector<float> readPointTimes(const std::string& path, std::size_t points) {
    const std::string raw = readFileBytes(path);
    if (raw.size() != points * sizeof(float))
        throw FileError(path, "expected one float32 per point of its scan (" +
                                  std::to_string(points) + "), got " + std::to_string(raw.size()) +
                                  " bytes");
    std::vector<float> times(points);
    std::memcpy(times.data(), raw.data(), raw.size());
    return times;
}

Eigen::Isometry3d frameFromFiring(const std::vector<Eigen::Isometry3d>& poses, std::size_t k,
                                  double period_s, double dt_s) {
    const Eigen::Isometry3d& here = poses[k];
    const double alpha = dt_s / period_s;
    if (poses.size() < 2) return Eigen::Isometry3d::Identity();
    // Towards the neighbour on the side of dt, or away from the other one at the ends.
    const bool ahead = dt_s >= 0;
    if (ahead && k + 1 < poses.size())
        return here.inverse() * interpolate(here, poses[k + 1], alpha);
    if (!ahead && k > 0) return here.inverse() * interpolate(here, poses[k - 1], -alpha);
    const Eigen::Isometry3d& other = ahead ? poses[k - 1] : poses[k + 1];
    return here.inverse() * interpolate(here, other, -std::fabs(alpha));
}

void deskewPoints(std::vector<float>& xyzi, const std::vector<float>& times_s,
                  const std::vector<Eigen::Isometry3d>& poses, std::size_t frame, double period_s) {
    // Points of one block share a time: cache the last transform.
    float last_t = std::numeric_limits<float>::quiet_NaN();
    Eigen::Isometry3d t = Eigen::Isometry3d::Identity();
    for (std::size_t i = 0; i < times_s.size(); ++i) {
        if (!(times_s[i] == last_t))
            t = frameFromFiring(poses, frame, period_s, times_s[i]), last_t = times_s[i];
        const Eigen::Vector3d p =
            t * Eigen::Vector3d(xyzi[4 * i], xyzi[4 * i + 1], xyzi[4 * i + 2]);
        for (int a = 0; a < 3; ++a) xyzi[4 * i + std::size_t(a)] = float(p[a]);
    }
}

std::size_t deskewSequence(const std::string& dataset_dir, const std::string& sequence,
                           const std::string& output_dir) {
    const fs::path in = fs::path(dataset_dir) / "sequences" / sequence;
    const fs::path out = fs::path(output_dir) / "sequences" / sequence;
    const std::vector<Eigen::Isometry3d> poses = readLidarPoses(in.string());
    const nlohmann::json drive = readJsonFile((fs::path(dataset_dir) / "drive.json").string());
    const double hz = drive.value("scan_frequency_hz", 10.0);
    makeDirectories((out / "velodyne").string());
    makeDirectories((out / "labels").string());
    for (std::size_t k = 0; k < poses.size(); ++k) {
        const std::string name = kittiFrameName(k);
        const std::string bin = (in / "velodyne" / (name + ".bin")).string();
        PointList points = readKittiScan(bin);
        const std::vector<float> times =
            readPointTimes((in / "point_times" / (name + ".bin")).string(), points.xyzi.size() / 4);
        deskewPoints(points.xyzi, times, poses, k, 1.0 / hz);
        writeFileAtomic((out / "velodyne" / (name + ".bin")).string(), encodeKittiBin(points));
        fs::copy_file(in / "labels" / (name + ".label"), out / "labels" / (name + ".label"),
                      fs::copy_options::overwrite_existing);
    }
    for (const char* f : {"poses.txt", "times.txt", "calib.txt"})
        fs::copy_file(in / f, out / f, fs::copy_options::overwrite_existing);
    return poses.size();
}

}  // namespace blindspot
