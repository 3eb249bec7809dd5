#pragma once
// What a card's network takes in from a scan: the range image on the card's grid (checked to lie
// inside the LiDAR's field of view) and its normalised C x H x W input. One place for the
// in-process network (models/network/NetworkSegmenter.cpp) and an external network that asks for
// range images (models/external/ExternalSegmenter.hpp), so that both see the same bits.
#include <optional>
#include <vector>

#include "core/lidar/CastColumns.hpp"
#include "core/lidar/LidarSpec.hpp"
#include "core/lidar/ScanGrid.hpp"
#include "models/projection/ModelCard.hpp"
#include "models/projection/RangeProjection.hpp"

namespace blindspot {

/// Throws ConfigError (flag --model, JSON path /grid) when the LiDAR does not see the card's whole
/// grid to within one cell: the network would score a partial image as if it were a full one.
void checkCoverage(const LidarSpec& spec, const ModelCard& card);

/// The scan projected onto the card's grid with the card's channels, after checkCoverage.
RangeImage cardImage(const ScanGrid& scan, const ModelCard& card);

/// The network's input for `image`: (raw - mean) / std per channel, empty cells as the card says.
std::vector<float> cardInput(const RangeImage& image, const ModelCard& card);

/// Per image cell the class of `cell_classes`, and -1 where no point landed: what the network's
/// arg-max means for an empty cell.
std::vector<int> maskEmptyCells(const RangeImage& image, std::vector<int> cell_classes);

/// The sensor azimuths whose returns can reach the grid (its columns plus half a cell), or nothing
/// for a full-circle or clamping grid (Segmenter::seenAzimuth).
std::optional<AzimuthSpan> gridAzimuthSpan(const RangeGrid& grid);

}  // namespace blindspot
