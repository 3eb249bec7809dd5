#include "scenes/CarModel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "core/base/Error.hpp"
#include "core/geometry/Pose.hpp"

namespace blindspot {
namespace {

double clamp01(double v) { return std::min(1.0, std::max(0.0, v)); }

// Catmull-Rom through the profile points, clamped to [0, 1] of the height.
double profileTop(const CarModelSpec& s, double u) {
    const auto& p = s.profile;
    std::size_t i = 0;
    while (i + 2 < p.size() && u > p[i + 1][0]) ++i;
    const auto& a = p[i > 0 ? i - 1 : i];
    const auto& b = p[i];
    const auto& c = p[i + 1];
    const auto& d = p[std::min(i + 2, p.size() - 1)];
    const double t = clamp01((u - b[0]) / std::max(1e-9, c[0] - b[0]));
    const double t2 = t * t, t3 = t2 * t;
    const double v =
        0.5 * ((2 * b[1]) + (-a[1] + c[1]) * t + (2 * a[1] - 5 * b[1] + 4 * c[1] - d[1]) * t2 +
               (-a[1] + 3 * b[1] - 3 * c[1] + d[1]) * t3);
    return clamp01(v) * s.height_m;
}

double signedPow(double v, double e) { return (v < 0 ? -1.0 : 1.0) * std::pow(std::fabs(v), e); }

struct BodyFrame {
    double x, half_width, bottom, belt, top;
    bool cabin;
};

BodyFrame bodyAt(const CarModelSpec& s, double u) {
    BodyFrame f;
    f.x = (u - 0.5) * s.length_m;
    const double end = std::fabs(2 * u - 1);  // 0 at the centre, 1 at the bumpers
    const double taper = std::pow(std::max(0.0, (end - 0.75) / 0.25), 2.0);
    f.half_width = s.width_m / 2 * (1.0 - 0.1 * taper);
    f.bottom = s.ground_clearance_m + 0.12 * std::max(0.0, (end - 0.85) / 0.15);
    f.top = std::max(profileTop(s, u), f.bottom + 0.1);
    f.belt = std::min(s.beltline_m, f.top - 0.02);
    f.cabin = f.top > s.beltline_m + 0.25;
    return f;
}

// Raises the lower side panel over a wheel, cutting the arch.
double archLift(const CarModelSpec& s, double x, double z) {
    const double arch_r = s.wheel_radius_m + 0.05;
    for (double axle : {s.axle_offset_m + s.wheelbase_m / 2, s.axle_offset_m - s.wheelbase_m / 2}) {
        const double dx = x - axle;
        if (std::fabs(dx) < arch_r)
            z = std::max(z, s.wheel_radius_m + std::sqrt(arch_r * arch_r - dx * dx));
    }
    return z;
}

Eigen::Vector3f sectionPoint(const CarModelSpec& s, const BodyFrame& f, double theta) {
    const double c = std::cos(theta), si = std::sin(theta);
    if (si >= 0) {  // greenhouse / hood: rounded, narrowing with height (tumblehome)
        const double h = std::pow(si, 0.5);
        const double narrow = 1.0 - (1.0 - (f.cabin ? s.tumblehome : 0.96)) * h;
        return {float(f.x), float(signedPow(c, 0.5) * f.half_width * narrow),
                float(f.belt + (f.top - f.belt) * h)};
    }
    const double y = signedPow(c, 0.2) * f.half_width;  // boxy lower body
    double z = f.belt - (f.belt - f.bottom) * std::pow(-si, 0.2);
    const double arch_depth = s.wheel_width_m + 0.06;
    if (std::fabs(y) > f.half_width - arch_depth) z = std::min(archLift(s, f.x, z), f.belt - 0.05);
    return {float(f.x), float(y), float(z)};
}

std::uint16_t bodyPart(const CarModelSpec& s, const BodyFrame& f, const Eigen::Vector3f& mid) {
    const double u = mid.x() / s.length_m + 0.5;
    if (!f.cabin || u < s.windows_u[0] || u > s.windows_u[1]) return kPaint;
    const bool window_band = mid.z() > f.belt + 0.04 && mid.z() < f.top - 0.06;
    const bool b_pillar = std::fabs(mid.x() - s.axle_offset_m + 0.05 * s.length_m) < 0.05 &&
                          std::fabs(mid.y()) > 0.3 * s.width_m;
    return window_band && !b_pillar ? kGlass : kPaint;
}

TriangleMesh buildBody(const CarModelSpec& s) {
    TriangleMesh mesh;
    const int n = std::max(8, s.sections), k = std::max(12, s.ring);
    std::vector<BodyFrame> frames;
    for (int i = 0; i < n; ++i) {
        frames.push_back(bodyAt(s, double(i) / (n - 1)));
        for (int j = 0; j < k; ++j)
            mesh.vertices_m.push_back(sectionPoint(s, frames.back(), 2 * M_PI * j / k));
    }
    for (int i = 0; i + 1 < n; ++i) {
        for (int j = 0; j < k; ++j) {
            const int a = i * k + j, b = i * k + (j + 1) % k, c = a + k, d = b + k;
            const Eigen::Vector3f mid = (mesh.vertices_m[a] + mesh.vertices_m[d]) / 2;
            const std::uint16_t part = bodyPart(s, frames[i], mid);
            mesh.triangles.emplace_back(a, c, d);
            mesh.triangles.emplace_back(a, d, b);
            mesh.triangle_part.insert(mesh.triangle_part.end(), {part, part});
        }
    }
    // End caps: fans from the centre of the first and last sections.
    for (int end : {0, n - 1}) {
        Eigen::Vector3f centre = Eigen::Vector3f::Zero();
        for (int j = 0; j < k; ++j) centre += mesh.vertices_m[end * k + j];
        const int c = int(mesh.vertices_m.size());
        mesh.vertices_m.push_back(centre / float(k));
        for (int j = 0; j < k; ++j) {
            const int a = end * k + j, b = end * k + (j + 1) % k;
            if (end == 0)
                mesh.triangles.emplace_back(c, a, b);
            else
                mesh.triangles.emplace_back(c, b, a);
            mesh.triangle_part.push_back(kPaint);
        }
    }
    orientOutward(mesh);
    return mesh;
}

// A tyre: a rounded profile revolved about the axle (y), i.e. a torus.
TriangleMesh buildTyre(const CarModelSpec& s, const Eigen::Vector3f& centre) {
    TriangleMesh mesh;
    const int around = 36, profile = 12;
    const double r_out = s.wheel_radius_m, r_in = 0.62 * s.wheel_radius_m;
    const double r_mid = (r_out + r_in) / 2, r_half = (r_out - r_in) / 2,
                 half_w = s.wheel_width_m / 2;
    for (int i = 0; i < around; ++i) {
        const double phi = 2 * M_PI * i / around;
        for (int j = 0; j < profile; ++j) {
            const double t = 2 * M_PI * j / profile;
            const double r = r_mid + r_half * signedPow(std::cos(t), 0.5);
            const double a = half_w * signedPow(std::sin(t), 0.5);
            mesh.vertices_m.push_back(centre + Eigen::Vector3f(float(r * std::cos(phi)), float(a),
                                                               float(r * std::sin(phi))));
        }
    }
    for (int i = 0; i < around; ++i)
        for (int j = 0; j < profile; ++j) {
            const int a = i * profile + j, b = i * profile + (j + 1) % profile;
            const int c = ((i + 1) % around) * profile + j,
                      d = ((i + 1) % around) * profile + (j + 1) % profile;
            mesh.triangles.emplace_back(a, c, d);
            mesh.triangles.emplace_back(a, d, b);
        }
    mesh.triangle_part.assign(mesh.triangles.size(), kTyre);
    orientOutward(mesh);
    return mesh;
}

TriangleMesh placedPart(TriangleMesh mesh, const Pose& pose, std::uint16_t part) {
    const Eigen::Isometry3f t = pose.parentFromLocal().cast<float>();
    for (auto& v : mesh.vertices_m) v = t * v;
    mesh.triangle_part.assign(mesh.triangles.size(), part);
    return mesh;
}

Pose at(double x, double y, double z, double roll = 0) {
    Pose p;
    p.translation_m = {x, y, z};
    p.roll_deg = roll;
    return p;
}

void check(const JsonObject& j, const std::string& key, double v, double lo, double hi) {
    if (!(v >= lo && v <= hi))
        j.fail(key, "must lie in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " +
                        std::to_string(v));
}

std::array<double, 2> pair(const JsonObject& j, const std::string& key) {
    const auto v = j.numbers(key);
    if (v.size() != 2 || !(v[0] <= v[1])) j.fail(key, "expected [min, max]");
    return {v[0], v[1]};
}

}  // namespace

double trackWidth(const CarModelSpec& s) { return s.width_m - s.wheel_width_m - 0.06; }

std::array<std::array<double, 2>, 4> wheelContacts(const CarModelSpec& s) {
    const double front = s.axle_offset_m + s.wheelbase_m / 2,
                 rear = s.axle_offset_m - s.wheelbase_m / 2;
    const double half_track = trackWidth(s) / 2;
    return {{{front, half_track}, {front, -half_track}, {rear, half_track}, {rear, -half_track}}};
}

TriangleMesh buildCarMesh(const CarModelSpec& s) {
    TriangleMesh car = buildBody(s);
    for (const auto& [x, y] : wheelContacts(s)) {
        const Eigen::Vector3f centre(float(x), float(y), float(s.wheel_radius_m));
        car.append(buildTyre(s, centre));
        // Rim: a closed chrome cylinder inside the tyre, axis along y.
        car.append(placedPart(makeCylinder(0.64 * s.wheel_radius_m, 0.8 * s.wheel_width_m, 24),
                              at(x, y, s.wheel_radius_m, 90), kChrome));
    }
    const BodyFrame front = bodyAt(s, 1.0), rear = bodyAt(s, 0.0);
    const double lamp_z_front = front.bottom + 0.7 * (front.top - front.bottom);
    const double lamp_z_rear = rear.bottom + 0.75 * (rear.top - rear.bottom);
    for (double side : {1.0, -1.0}) {
        car.append(placedPart(
            makeBox(0.06, 0.3, 0.1),
            at(s.length_m / 2 - 0.035, side * (front.half_width - 0.22), lamp_z_front), kLights));
        car.append(placedPart(
            makeBox(0.06, 0.3, 0.12),
            at(-s.length_m / 2 + 0.035, side * (rear.half_width - 0.2), lamp_z_rear), kLights));
    }
    car.append(placedPart(
        makeBox(0.06, 0.5, 0.14),
        at(s.length_m / 2 - 0.035, 0, front.bottom + 0.35 * (front.top - front.bottom)), kChrome));
    return car;
}

CarModelSpec carModelSpecFromJson(const JsonObject& j) {
    CarModelSpec s;
    s.name = j.string("name");
    s.description = j.string("description", "");
    s.length_m = j.number("length_m");
    s.width_m = j.number("width_m");
    s.height_m = j.number("height_m");
    check(j, "length_m", s.length_m, 2.0, 20.0);
    check(j, "width_m", s.width_m, 1.2, 3.0);
    check(j, "height_m", s.height_m, 1.0, 4.5);
    s.ground_clearance_m = j.number("ground_clearance_m", s.ground_clearance_m);
    s.beltline_m = j.number("beltline_m");
    s.wheelbase_m = j.number("wheelbase_m");
    s.axle_offset_m = j.number("axle_offset_m", 0.0);
    s.wheel_radius_m = j.number("wheel_radius_m");
    s.wheel_width_m = j.number("wheel_width_m");
    s.tumblehome = j.number("tumblehome", s.tumblehome);
    check(j, "ground_clearance_m", s.ground_clearance_m, 0.05, 0.6);
    check(j, "beltline_m", s.beltline_m, s.ground_clearance_m + 0.2, s.height_m);
    check(j, "wheelbase_m", s.wheelbase_m, 1.0, s.length_m - 2 * s.wheel_radius_m);
    check(j, "wheel_radius_m", s.wheel_radius_m, 0.15, 0.7);
    check(j, "wheel_width_m", s.wheel_width_m, 0.1, 0.5);
    check(j, "tumblehome", s.tumblehome, 0.5, 1.0);
    const auto& profile = j.raw("profile");
    if (!profile.is_array() || profile.size() < 3)
        j.fail("profile", "expected at least 3 [u, top/height] points");
    for (std::size_t i = 0; i < profile.size(); ++i) {
        const auto& p = profile[i];
        const bool ok = p.is_array() && p.size() == 2 && p[0].is_number() && p[1].is_number() &&
                        p[0].get<double>() >= 0 && p[0].get<double>() <= 1 &&
                        p[1].get<double>() > 0 && p[1].get<double>() <= 1 &&
                        (i == 0 || p[0].get<double>() > s.profile.back()[0]);
        if (!ok)
            throw ConfigError(
                ErrorSource::file(j.file(), j.pathOf("profile") + "/" + std::to_string(i)),
                "expected [u, top/height] with u rising in [0, 1] and top/height in (0, 1]");
        s.profile.push_back({p[0].get<double>(), p[1].get<double>()});
    }
    if (s.profile.front()[0] != 0.0 || s.profile.back()[0] != 1.0)
        j.fail("profile", "must start at u = 0 and end at u = 1");
    s.length_range_m = pair(j, "length_range_m");
    s.width_range_m = pair(j, "width_range_m");
    s.height_range_m = pair(j, "height_range_m");
    if (j.has("windows_u")) s.windows_u = pair(j, "windows_u");
    // Limits (docs/car-models.md): 512 x 256 = 131 k vertices per body at most.
    s.sections = j.integerIn("sections", s.sections, 8, 512);
    s.ring = j.integerIn("ring", s.ring, 12, 256);
    j.rejectUnknownKeys();
    return s;
}

std::vector<CarModelSpec> loadCarModels(const std::string& dir) {
    std::vector<std::string> files;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
        if (entry.path().extension() == ".json") files.push_back(entry.path().string());
    if (ec) throw FileError(dir, "cannot list car models: " + ec.message());
    std::sort(files.begin(), files.end());
    std::vector<CarModelSpec> models;
    for (const auto& f : files) {
        const nlohmann::json json = readJsonFile(f);
        models.push_back(carModelSpecFromJson(JsonObject(json, f, "")));
    }
    return models;
}

const CarModelSpec& carModelNamed(const std::vector<CarModelSpec>& models,
                                  const std::string& name) {
    std::string known;
    for (const auto& m : models) {
        if (m.name == name) return m;
        known += (known.empty() ? "" : ", ") + m.name;
    }
    throw ConfigError(ErrorSource::value("/cars/model"),
                      "unknown car model \"" + name + "\"; expected one of " + known);
}

}  // namespace blindspot
