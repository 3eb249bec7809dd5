#include "core/geometry/MaterialJson.hpp"

namespace blindspot {

std::uint16_t labelFromJson(const JsonObject& j, const std::string& key) {
    const auto& v = j.raw(key);
    int id = -1;
    if (v.is_string()) id = paletteIdFromName(v.get<std::string>());
    if (v.is_number_integer() && v.get<int>() >= 0 && v.get<int>() <= 65535) id = v.get<int>();
    if (id < 0) j.fail(key, "expected a palette name (e.g. \"vehicle\") or an id in [0, 65535]");
    return std::uint16_t(id);
}

SurfaceMaterial materialFromJson(const JsonObject& j) {
    SurfaceMaterial m;
    if (j.has("label")) m.label = labelFromJson(j, "label");
    m.nir_reflectance = float(j.number("nir_reflectance", m.nir_reflectance));
    m.specular = float(j.number("specular", m.specular));
    m.shininess = float(j.number("shininess", m.shininess));
    if (m.nir_reflectance < 0 || m.nir_reflectance > 1)
        j.fail("nir_reflectance", "must lie in [0, 1]");
    if (m.specular < 0 || m.specular > 1) j.fail("specular", "must lie in [0, 1]");
    if (!(m.shininess >= 1)) j.fail("shininess", "must be >= 1");
    j.rejectUnknownKeys();
    return m;
}

}  // namespace blindspot
