#include "core/raycast/Camera.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/base/ParallelFor.hpp"
#include "core/base/Rng.hpp"
#include "core/geometry/Material.hpp"

namespace blindspot {
namespace {

constexpr double kDeg = 3.14159265358979323846 / 180.0;
using Rgb = Eigen::Vector3d;  // linear RGB

double toLinear(std::uint8_t c) {
    const double s = c / 255.0;
    return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
}
std::uint8_t toSrgb(double l) {
    l = std::clamp(l, 0.0, 1.0);
    const double s = l <= 0.0031308 ? 12.92 * l : 1.055 * std::pow(l, 1.0 / 2.4) - 0.055;
    return std::uint8_t(std::lround(s * 255.0));
}
Rgb linear(const std::array<std::uint8_t, 3>& c) {
    return {toLinear(c[0]), toLinear(c[1]), toLinear(c[2])};
}

double smoothstep(double a, double b, double x) {
    const double t = std::clamp((x - a) / (b - a), 0.0, 1.0);
    return t * t * (3 - 2 * t);
}

// Light of the scene for one image.
struct Light {
    Eigen::Vector3d sun_world;  // towards the sun
    double sun = 0.0;           // direct irradiance, 0 at night
    double day = 0.0;           // 0 night .. 1 day
    Rgb ambient;
    Rgb fog_color;
    double fog_beta = 0.0;  // Koschmieder extinction [1/m]
    bool wet = false;
    double dim = 1.0;  // overcast rain or snow
};

Light lightFor(const CameraConditions& c) {
    Light l;
    const SunPosition sun = sunPosition(c.time_of_day_h, c.sun);
    SunPosition turned = sun;  // world +x may not point north
    turned.azimuth_deg = sun.azimuth_deg - c.world_x_bearing_deg;
    l.sun_world = turned.direction_world();
    l.day = smoothstep(-6.0, 8.0, sun.elevation_deg);  // civil twilight to low sun
    l.sun = sun.elevation_deg > 0 ? 1.6 * smoothstep(0.0, 10.0, sun.elevation_deg) : 0.0;
    const bool precipitation =
        (c.weather.type == Weather::Type::Rain || c.weather.type == Weather::Type::Snow) &&
        c.weather.severity > 0;
    l.wet = c.weather.type == Weather::Type::Rain && c.weather.severity > 0;
    l.dim = precipitation ? 0.55 : 1.0;
    if (precipitation) l.sun *= 0.25;  // overcast
    l.ambient = Rgb(0.30, 0.34, 0.42) * (0.45 * l.day * l.dim) + Rgb(0.006, 0.007, 0.012);
    if (c.weather.type == Weather::Type::Fog && c.weather.severity > 0) {
        // Visibility (MOR) from the extinction coefficient, then Koschmieder's beta = 3.912 / V.
        const double mor = std::log(20.0) / c.weather.severity;
        l.fog_beta = 3.912 / mor;
        l.sun *= std::exp(-std::min(30.0, l.fog_beta * 200.0));  // sun light through the fog
    }
    l.fog_color = Rgb(0.62, 0.64, 0.67) * (0.05 + 0.75 * l.day * l.dim);
    return l;
}

Rgb skyColor(const Light& l, const Eigen::Vector3d& dir_world) {
    const double up = std::clamp(dir_world.z(), 0.0, 1.0);
    const Rgb day = Rgb(0.70, 0.78, 0.88) * (1 - up) + Rgb(0.22, 0.40, 0.78) * up;
    const Rgb night(0.004, 0.005, 0.012);
    return day * (l.day * l.dim) + night * (1 - l.day);
}

struct Shader {
    const RayScene& scene;
    const Light& light;
    Eigen::Vector3d eye_world, forward_world;
    std::vector<Eigen::Vector3d> lamps;

    Rgb albedo(const RayHit& h) const {
        const MeshInstance& inst = scene.instance(h.instance_index);
        const auto srgb = std::size_t(h.part) < inst.part_srgb.size()
                              ? inst.part_srgb[std::size_t(h.part)]
                              : naturalColor(h.material.label);
        Rgb a = linear(srgb);
        if (light.wet && inst.instance_id == 0) a *= 0.6;  // wet surfaces are darker
        return a;
    }

    bool sunVisible(const Eigen::Vector3d& p, const Eigen::Vector3d& n) const {
        return !scene.intersect(p + n * 2e-3, light.sun_world, 2000.0);
    }

    Rgb shade(const RayHit& h, const Eigen::Vector3d& dir_world) const {
        Eigen::Vector3d n = h.normal_world;
        if (n.dot(dir_world) > 0) n = -n;  // face the viewer
        const Rgb a = albedo(h);
        const Eigen::Vector3d to_eye = -dir_world;
        Rgb c = a.cwiseProduct(light.ambient) * (0.6 + 0.4 * std::max(0.0, n.z()));
        const bool road = h.instance_id == 0 && (h.material.label == label::kRoad ||
                                                 h.material.label == label::kSidewalk);
        const double specular = h.material.specular + (light.wet && road ? 0.35 : 0.0);
        const double shininess = light.wet && road ? 48.0 : std::max(1.0f, h.material.shininess);
        const double cos_sun = n.dot(light.sun_world);
        if (light.sun > 0 && cos_sun > 0 && sunVisible(h.point_world_m, n)) {
            c += a * (light.sun * cos_sun);
            const Eigen::Vector3d mirror = 2 * cos_sun * n - light.sun_world;
            const double m = std::max(0.0, mirror.dot(to_eye));
            c += Rgb::Constant(specular * light.sun * std::pow(m, shininess));
        }
        if (light.day < 0.5)
            c += (headlights(h, n, a, specular, shininess) + streetLamps(h, n, a)) *
                 (1 - 2 * light.day);
        return c;
    }

    // Sodium-white lamps shining down (a cosine lobe around -z), 1/r^2, within 40 m.
    Rgb streetLamps(const RayHit& h, const Eigen::Vector3d& n, const Rgb& a) const {
        Rgb sum = Rgb::Zero();
        for (const auto& lamp : lamps) {
            const Eigen::Vector3d to_lamp = lamp - h.point_world_m;
            const double r2 = to_lamp.squaredNorm();
            if (r2 > 1600.0) continue;
            const Eigen::Vector3d l = to_lamp / std::sqrt(r2);
            const double down = std::max(0.0, l.z()), cos_l = n.dot(l);
            if (cos_l > 0)
                sum +=
                    a.cwiseProduct(Rgb(1.0, 0.85, 0.6)) * (25.0 * down * cos_l / std::max(r2, 1.0));
        }
        return sum;
    }

    // The ego vehicle's low beams: a point light at the sensor, a 30 deg cone along +x.
    Rgb headlights(const RayHit& h, const Eigen::Vector3d& n, const Rgb& a, double specular,
                   double shininess) const {
        const Eigen::Vector3d to_light = eye_world - h.point_world_m;
        const double r = to_light.norm();
        const Eigen::Vector3d l = to_light / r;
        const double cone =
            smoothstep(std::cos(30 * kDeg), std::cos(12 * kDeg), (-l).dot(forward_world));
        const double cos_l = n.dot(l);
        if (cone <= 0 || cos_l <= 0) return Rgb::Zero();
        const double e = 60.0 * cone / std::max(r * r, 1.0);
        return a * (e * cos_l) + Rgb::Constant(specular * e * std::pow(cos_l, shininess));
    }
};

void addPrecipitation(CameraImage& img, const CameraConditions& c) {
    if (c.weather.severity <= 0) return;
    Rng rng(c.seed ^ 0x5eedULL);
    auto blend = [&](int u, int v, double w, double value) {
        if (u < 0 || v < 0 || u >= img.width || v >= img.height) return;
        std::uint8_t* p = &img.rgb[3 * (std::size_t(v) * std::size_t(img.width) + std::size_t(u))];
        for (int k = 0; k < 3; ++k) p[k] = std::uint8_t(std::lround(p[k] * (1 - w) + value * w));
    };
    const double area = double(img.width) * img.height / (1242.0 * 375.0);
    if (c.weather.type == Weather::Type::Rain) {
        // Streaks: motion-blurred drops near the lens, count proportional to the rate.
        const int n = int(std::min(4000.0, 25.0 * c.weather.severity * area));
        for (int k = 0; k < n; ++k) {
            const double u0 = rng.uniform(0, img.width), v0 = rng.uniform(0, img.height);
            const double len = rng.uniform(12, 36), slant = rng.uniform(0.12, 0.22);
            for (int t = 0; t < int(len); ++t) blend(int(u0 + slant * t), int(v0 + t), 0.22, 215.0);
        }
    } else if (c.weather.type == Weather::Type::Snow) {
        const int n = int(std::min(20000.0, 300.0 * c.weather.severity * area));
        for (int k = 0; k < n; ++k) {
            const int u0 = int(rng.uniform(0, img.width)), v0 = int(rng.uniform(0, img.height));
            const int r = rng.chance(0.2) ? 1 : 0;
            for (int du = -r; du <= r; ++du)
                for (int dv = -r; dv <= r; ++dv) blend(u0 + du, v0 + dv, 0.8, 245.0);
        }
    }
}

}  // namespace

double CameraSpec::focalPx() const { return (width / 2.0) / std::tan(hfov_deg * kDeg / 2.0); }

namespace {
std::optional<std::array<double, 2>> projectCameraFrame(const CameraSpec& c,
                                                        const Eigen::Vector3d& p) {
    if (p.x() <= 1e-6) return std::nullopt;
    const double f = c.focalPx();
    const double u = c.cx() - f * p.y() / p.x(), v = c.cy() - f * p.z() / p.x();
    if (u < 0 || v < 0 || u >= c.width || v >= c.height) return std::nullopt;
    return std::array<double, 2>{u, v};
}
}  // namespace

std::optional<std::array<double, 2>> projectToPixel(const CameraSpec& c,
                                                    const Eigen::Vector3d& p_sensor_m) {
    return projectCameraFrame(c, c.sensor_from_camera.inverse() * p_sensor_m);
}

Eigen::Vector3d pixelRay(const CameraSpec& c, double u, double v) {
    const double f = c.focalPx();
    return Eigen::Vector3d(1.0, (c.cx() - u) / f, (c.cy() - v) / f).normalized();
}

CalibrationMap calibrationMap(const ScanGrid& scan, const CameraSpec& camera) {
    CalibrationMap m;
    m.rows = scan.rows();
    m.cols = scan.cols();
    m.pixel_col.assign(scan.cellCount(), -1);
    m.pixel_row.assign(scan.cellCount(), -1);
    for (int r = 0; r < m.rows; ++r)
        for (int c = 0; c < m.cols; ++c) {
            const std::size_t i = scan.index(r, c);
            const Eigen::Vector3d beam =
                beamDirection(scan.elevationDeg(r, c), scan.azimuthDeg(r, c));
            const auto px =
                scan.valid(i)
                    ? projectToPixel(camera, Eigen::Vector3d(scan.xyz_sensor_m[3 * i],
                                                             scan.xyz_sensor_m[3 * i + 1],
                                                             scan.xyz_sensor_m[3 * i + 2]))
                    : projectCameraFrame(camera,
                                         camera.sensor_from_camera.linear().transpose() * beam);
            if (!px) continue;
            m.pixel_col[i] = std::int32_t((*px)[0]);
            m.pixel_row[i] = std::int32_t((*px)[1]);
        }
    return m;
}

std::array<std::uint8_t, 3> naturalColor(std::uint16_t l) {
    switch (l) {
        case label::kRoad:
            return {72, 72, 76};
        case label::kSidewalk:
            return {150, 148, 142};
        case label::kCurb:
            return {165, 163, 158};
        case label::kLaneMarking:
            return {225, 225, 215};
        case label::kBuilding:
            return {176, 150, 122};
        case label::kVegetation:
            return {62, 110, 48};
        case label::kPole:
            return {110, 112, 115};
        case label::kTrafficSign:
            return {200, 40, 40};
        case label::kTrafficSignal:
            return {40, 40, 40};
        case label::kGuardRail:
            return {170, 172, 175};
        case label::kVehicle:
            return {120, 120, 125};
        case label::kPedestrian:
            return {90, 70, 120};
        default:
            return {128, 124, 116};
    }
}

CameraImage renderCamera(const RayScene& scene, const CameraSpec& camera,
                         const Eigen::Isometry3d& world_from_sensor,
                         const CameraConditions& conditions, int threads) {
    CameraImage img;
    img.width = camera.width;
    img.height = camera.height;
    const std::size_t pixels = std::size_t(img.width) * std::size_t(img.height);
    img.rgb.assign(3 * pixels, 0);
    img.label.assign(pixels, label::kSky);
    img.instance.assign(pixels, 0);
    img.depth_m.assign(pixels, std::numeric_limits<float>::infinity());
    const Light light = lightFor(conditions);
    const Eigen::Isometry3d world_from_camera = world_from_sensor * camera.sensor_from_camera;
    // The headlights sit at the sensor and point along the vehicle's axis.
    const Shader shader{scene, light, world_from_sensor.translation(),
                        world_from_sensor.linear() * Eigen::Vector3d::UnitX(),
                        conditions.street_lamps_world_m};
    const Eigen::Vector3d eye = world_from_camera.translation();
    parallelFor(std::size_t(img.height), threadCount(threads), [&](std::size_t row, int) {
        const int v = int(row);
        for (int u = 0; u < img.width; ++u) {
            const std::size_t i = std::size_t(v) * std::size_t(img.width) + std::size_t(u);
            const Eigen::Vector3d dir =
                world_from_camera.linear() * pixelRay(camera, u + 0.5, v + 0.5);
            const auto hit = scene.intersect(eye, dir, 5000.0);
            Rgb c;
            if (hit) {
                c = shader.shade(*hit, dir);
                img.label[i] = hit->material.label;
                img.instance[i] = hit->instance_id;
                img.depth_m[i] = float(hit->distance_m);
            } else {
                c = skyColor(light, dir);
            }
            if (light.fog_beta > 0) {  // Koschmieder: I = I0 t + A (1 - t), t = exp(-beta d)
                const double t = hit ? std::exp(-light.fog_beta * hit->distance_m) : 0.0;
                c = c * t + light.fog_color * (1 - t);
            }
            for (int k = 0; k < 3; ++k) img.rgb[3 * i + std::size_t(k)] = toSrgb(c[k]);
        }
    });
    addPrecipitation(img, conditions);
    return img;
}

}  // namespace blindspot
