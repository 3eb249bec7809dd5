#include "scenes/PaintColor.hpp"

#include "core/base/Error.hpp"
#include "scenes/CarModel.hpp"

namespace blindspot {

std::vector<PaintColor> paintColors() {
    return {{"white", {240, 240, 238}, 0.80f}, {"silver", {192, 194, 198}, 0.60f},
            {"grey", {110, 112, 115}, 0.30f},  {"black", {18, 18, 20}, 0.05f},
            {"red", {170, 20, 25}, 0.55f},     {"blue", {25, 55, 140}, 0.25f},
            {"green", {30, 100, 50}, 0.28f},   {"yellow", {235, 200, 30}, 0.70f},
            {"orange", {230, 110, 20}, 0.62f}, {"brown", {100, 65, 40}, 0.30f},
            {"beige", {210, 195, 160}, 0.65f}, {"dark-blue", {15, 25, 60}, 0.10f}};
}

PaintColor paintColor(const std::string& name) {
    std::string known;
    for (const auto& c : paintColors()) {
        if (c.name == name) return c;
        known += (known.empty() ? "" : ", ") + c.name;
    }
    throw ConfigError(ErrorSource::value("/color"),
                      "unknown colour \"" + name + "\"; expected one of " + known);
}

std::vector<SurfaceMaterial> carMaterials(const PaintColor& paint) {
    std::vector<SurfaceMaterial> m(kCarPartCount);
    // The clear coat mirrors most of the pulse away; what returns diffusely is a third of the
    // pigment's albedo. Real car points read dark: SemanticKITTI 00's front view, median
    // remission 0 (quartiles 0 / 0 / 0.11), lidar_2d drive 0001 about 0.10 (facts.md).
    m[kPaint] = {label::kVehicle, 0.35f * paint.nir_reflectance, 0.25f, 32.0f};
    // Window glass passes the 905 nm pulse into the cabin or mirrors it away: no diffuse return,
    // only the mirror glint near normal incidence. Real cars return half as often on their upper
    // third as window glass of albedo 0.08 did (core/lidar/Hdl64eCalibration.cpp, issue 52).
    m[kGlass] = {label::kVehicle, 0.0f, 0.5f, 64.0f};
    m[kTyre] = {label::kVehicle, 0.04f, 0.0f, 1.0f};    // carbon-black rubber
    m[kChrome] = {label::kVehicle, 0.35f, 0.6f, 64.0f};
    m[kLights] = {label::kVehicle, 0.30f, 0.5f, 32.0f};  // retro-reflective lens housing
    return m;
}

std::vector<std::array<std::uint8_t, 3>> carColors(const PaintColor& paint) {
    std::vector<std::array<std::uint8_t, 3>> c(kCarPartCount);
    c[kPaint] = paint.srgb;
    c[kGlass] = {28, 34, 42};
    c[kTyre] = {22, 22, 22};
    c[kChrome] = {190, 192, 196};
    c[kLights] = {235, 225, 200};
    return c;
}

}  // namespace blindspot
