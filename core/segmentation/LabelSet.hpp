#pragma once
// Label sets: which ids a written .label file carries (issue 16). Scans are labelled with the
// MATLAB palette (core/geometry/Material.hpp); a dataset is written either in that palette
// (`matlab`) or in SemanticKITTI's raw ids (`semantickitti`, ../shared/reference/facts.md) so that
// every SemanticKITTI tool reads it as it reads the real recordings.
#include <cstdint>
#include <string>
#include <vector>

#include "core/segmentation/LearningMap.hpp"

namespace blindspot {

enum class LabelSet { kMatlab, kSemanticKitti };

/// "matlab" or "semantickitti".
std::string labelSetName(LabelSet set);
/// Throws ConfigError (value source) naming the accepted names.
LabelSet labelSetFromName(const std::string& name);

/// SemanticKITTI's raw id for a palette id. `moving` picks the moving-object id (252 car, ...)
/// where SemanticKITTI has one. Curbs are sidewalk, guard rails fence and every sign and signal a
/// traffic-sign, as SemanticKITTI's annotation rules put them; flyover ramps are other-structure;
/// weather returns are outliers (1); sky and "none" are unlabeled (0); the rest other-object (99).
std::uint16_t semanticKittiIdOf(std::uint16_t palette_id, bool moving = false);

/// The palette id that stands for a SemanticKITTI raw id when a learning map written over the
/// palette scores SemanticKITTI labels: car and moving car are vehicle, road and lane marking are
/// what they are, trucks, buses and other vehicles are "other" (a SqueezeSeg-style card has no
/// class for them). 0 for unlabeled and outlier points, which are not scored.
std::uint16_t paletteIdOfSemanticKitti(std::uint16_t semantickitti_id);

/// The id a point with palette id `palette_id` carries in `set`.
std::uint16_t labelIdIn(LabelSet set, std::uint16_t palette_id, bool moving = false);

/// A learning map over SemanticKITTI raw ids with the classes of `palette_map`, each raw id
/// taking the class of paletteIdOfSemanticKitti(id).
LearningMap semanticKittiMapFrom(const LearningMap& palette_map);
/// A learning map over palette ids with the classes of `semantickitti_map`, each palette id
/// taking the class of semanticKittiIdOf(id).
LearningMap paletteMapFrom(const LearningMap& semantickitti_map);

/// The label set a dataset directory was written in: its generate.json or manifest.json names it
/// ("label_set"). A dataset written before label sets existed, or not by blindspot (a real
/// recording), has no such record and gets `fallback`. `dir` may be the dataset root, a sequence
/// directory or its velodyne/ directory. Throws ConfigError naming the file for an unknown name.
LabelSet datasetLabelSet(const std::string& dir, LabelSet fallback);

}  // namespace blindspot
