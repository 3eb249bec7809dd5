#include "eval/ClassMapping.hpp"

#include <algorithm>

#include "core/geometry/Material.hpp"
#include "eval/SceneResult.hpp"

namespace blindspot {
namespace {

// Every palette entry whose id the map sends to `class_name`.
std::vector<std::string> labelsOf(const LearningMap& map, const std::string& class_name) {
    std::vector<std::string> out;
    const auto at = std::find(map.classes.begin(), map.classes.end(), class_name);
    if (at == map.classes.end()) return out;
    const int c = int(at - map.classes.begin());
    for (const auto& e : defaultPalette())
        if (map.classOf(e.id) == c) out.push_back(e.name + " (" + std::to_string(e.id) + ")");
    return out;
}

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
    return out.empty() ? "no label" : out;
}

}  // namespace

ClassMapping classMappingOf(const LearningMap& a, const LearningMap& b,
                            const std::string& metric_class) {
    ClassMapping m;
    m.classes_a = a.classes.size();
    m.classes_b = b.classes.size();
    if (metric_class == "miou") {
        m.class_name = "miou";
        m.same = a.classes == b.classes;
        m.note = m.same ? "mIoU averages the same classes in A and B."
                        : "mIoU averages A's " + std::to_string(m.classes_a) + " classes and B's " +
                              std::to_string(m.classes_b) +
                              ": not the same quantity; compare a shared class instead.";
        return m;
    }
    m.class_name = metric_class == kTargetClass ? "car" : metric_class;
    m.labels_a = labelsOf(a, m.class_name);
    m.labels_b = labelsOf(b, m.class_name);
    m.same = !m.labels_a.empty() && m.labels_a == m.labels_b;
    m.note = "\"" + m.class_name + "\" is " + joined(m.labels_a) + " in A (" +
             std::to_string(m.classes_a) + " classes) and " + joined(m.labels_b) + " in B (" +
             std::to_string(m.classes_b) + " classes)" +
             (m.same ? ": the same ground truth." : ": NOT the same ground truth.");
    return m;
}

nlohmann::json toJson(const ClassMapping& m) {
    return {{"class", m.class_name},
            {"labels_a", m.labels_a},
            {"labels_b", m.labels_b},
            {"classes_a", m.classes_a},
            {"classes_b", m.classes_b},
            {"same", m.same},
            {"note", m.note}};
}

}  // namespace blindspot
