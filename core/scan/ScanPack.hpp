#pragma once
// The scan cache's cell format: everything that rebuilds a ScanGrid's cells bit for bit, in about
// a tenth of an organised PCD. One zstd frame (`zstd -dc scan.zst` unpacks it) holding:
//
//   "BSPK" u32 version(1) u32 rows u32 cols u8 range_mode u8 reflectivity_mode u16 table_size
//   f64 range_resolution_m
//   range         mode 1: per cell the range in resolution steps plus one (0: no return), as the
//                 difference to the previous cell, u32; mode 0: the float bits
//   reflectivity  mode 1: table_size float bits, then a u8 index per cell; mode 0: float bits
//   xyz           per cell and axis the float bits minus those of the caster's prediction
//                 (core/lidar/BeamTable.hpp: direction times range, NaN without a return), u32
//   label, instance  u16 per cell
//
// Differences (modulo 2^32) are zig-zagged (0, -1, 1, -2 -> 0, 1, 2, 3), so small ones of either
// sign have zero high bytes. Every array is stored byte plane by byte plane (all low bytes, then
// the next ...), so the runs of zeros a structured scan gives compress well. Integers are
// little-endian. A quantised sensor (range steps, 0.01 reflectivity steps, as the HDL-64E presets)
// takes the compact modes; any other scan falls back to the float bits, still bit for bit.
#include <string>

#include "core/lidar/ScanGrid.hpp"

namespace blindspot {

/// `level`: zstd's compression level (1 is fast; the cache's default).
std::string encodeScanPack(const ScanGrid& scan, int level = 1);

/// Fills the cells of `scan`, whose spec and pose are set (they live in scan.json). Throws
/// FileError naming `path` for anything but a pack of this grid's size.
void decodeScanPack(const std::string& bytes, const std::string& path, ScanGrid& scan);

}  // namespace blindspot
