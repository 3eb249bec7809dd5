#pragma once
// A recorded scan as a sweep background (issue 52, docs/real-backgrounds.md). A frame of a
// sequence in the SemanticKITTI layout is named
//
//   real:DIR#N          frame N of DIR (DIR/velodyne/NNNNNN.bin, and DIR/labels/NNNNNN.label
//                       when the sequence has labels)
//   real:DIR#A..B:S     in a config's background values: frames A, A+S, ... up to B (":S"
//                       optional, 1), each its own background
//
// DIR is a sequence directory (.../sequences/08). The background's content hash (the bytes of
// its .bin and .label) goes into every scene id built on it, so a re-recorded frame never reuses
// a cached scan or a stored row. The frame's sensor frame is the scene's ego frame: targets are
// placed at (x_m, y_m, yaw_deg) there, on the real ground under them.
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/Error.hpp"
#include "core/scan/ScanIo.hpp"
#include "scenes/Background.hpp"

namespace blindspot {

constexpr const char* kRealBackgroundPrefix = "real:";

bool isRealBackground(const std::string& id);

/// The single-frame ids a background value names (itself, for a procedural id or "real:DIR#N").
/// Throws ConfigError at `where` for a malformed value, a missing sequence or frame, or a range
/// past the sequence's last frame.
std::vector<std::string> expandRealBackground(const std::string& value, const ErrorSource& where);

struct RealFrame {
    std::string id;                    ///< "real:DIR#N"
    std::string bin_path, label_path;  ///< label_path empty when the sequence has no labels
    PointList points;                  ///< as read; labels are SemanticKITTI ids (0 without labels)
    bool labelled = false;
    std::string content_hash;  ///< 16 hex digits over the .bin and .label bytes
};

/// The content hash of frame `id` (RealFrame::content_hash) without decoding it. Throws as
/// loadRealFrame.
std::string realFrameHash(const std::string& id, const ErrorSource& where);

/// Reads the frame `id` names. Throws ConfigError at `where` for a malformed id, FileError naming
/// the file for a missing frame or a label file whose count differs from the scan's.
RealFrame loadRealFrame(const std::string& id, const ErrorSource& where);

/// The ground height under a footprint (m, sensor frame): the median height of the frame's
/// ground-labelled points (road, parking, sidewalk, other-ground, terrain) within 0.5 m of it;
/// without labels, or with fewer than 5 such points, the 10th percentile of every point's height
/// within 2 m (a robust local fit: the lowest returns there are the ground's). `source` says which.
struct GroundUnder {
    double z_m = 0.0;
    std::size_t points = 0;
    std::string source;  ///< "labels", "lowest returns", or "none" (no point near: z_m is nan)
};
GroundUnder groundUnder(const RealFrame& frame, const Footprint& print);

/// The frame's non-ground points inside a target's box: its footprint, from 0.2 m above the
/// ground (kerbs and noise below) to its height.
struct RealCollision {
    std::size_t points = 0;
    std::string dominant_class;  ///< the SemanticKITTI class of most of them ("unlabeled" without)
    /// "collides with 412 building points", or "" when free.
    std::string reason() const;
};
RealCollision collisionWith(const RealFrame& frame, const Footprint& print, double ground_z_m,
                            double height_m);

}  // namespace blindspot
