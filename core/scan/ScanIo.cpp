#include "core/scan/ScanIo.hpp"

#include <cstring>
#include <filesystem>
#include <limits>
#include <sstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Bytes.hpp"
#include "core/base/Error.hpp"
#include "core/base/Json.hpp"
#include "core/scan/ScanSummary.hpp"

namespace blindspot {
namespace {

template <typename T>
T get(const char* p) {
    T value;
    std::memcpy(&value, p, sizeof(T));
    return value;
}

struct PcdField {
    std::string name;
    int size = 4;
    char type = 'F';
    int count = 1;
    std::size_t offset = 0;       // bytes into a binary point
    std::size_t ascii_index = 0;  // words into an ascii point (earlier fields' COUNTs)
};

double fieldValue(const PcdField& f, const char* p) {
    if (f.type == 'F') return f.size == 8 ? get<double>(p) : get<float>(p);
    if (f.type == 'U') {
        switch (f.size) {
            case 1:
                return get<std::uint8_t>(p);
            case 2:
                return get<std::uint16_t>(p);
            case 4:
                return get<std::uint32_t>(p);
            default:
                return double(get<std::uint64_t>(p));
        }
    }
    switch (f.size) {
        case 1:
            return get<std::int8_t>(p);
        case 2:
            return get<std::int16_t>(p);
        case 4:
            return get<std::int32_t>(p);
        default:
            return double(get<std::int64_t>(p));
    }
}

std::vector<std::string> words(const std::string& line) {
    std::istringstream s(line);
    std::vector<std::string> out;
    for (std::string w; s >> w;) out.push_back(w);
    return out;
}

[[noreturn]] void failPcdHeader(const std::string& path, int line_no, const std::string& what) {
    throw FileError(path, "PCD header line " + std::to_string(line_no) + ": " + what);
}

struct PcdHeader {
    std::vector<PcdField> fields;
    int width = 0, height = 0;
    std::size_t points = 0, point_bytes = 0, point_words = 0;
    std::string data;
    std::size_t data_offset = 0;
};

PcdHeader parsePcdHeader(const std::string& path, const std::string& bytes) {
    PcdHeader h;
    std::size_t pos = 0;
    int line_no = 0;
    auto fail = [&](const std::string& what) { failPcdHeader(path, line_no, what); };
    while (h.data.empty()) {
        const std::size_t end = bytes.find('\n', pos);
        if (end == std::string::npos) fail("header ends before a DATA line");
        const std::string line = bytes.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        const auto w = words(line);
        if (w.empty() || w[0][0] == '#') continue;
        const std::string& key = w[0];
        // Counts and sizes are non-negative: a "-1" would wrap to 2^64 - 1 as size_t.
        auto numberAt = [&](std::size_t i) {
            long long n = -1;
            try {
                n = std::stoll(w.at(i));
            } catch (const std::exception&) {
            }
            if (n < 0) failPcdHeader(path, line_no, "expected a non-negative number in " + key);
            return n;
        };
        if (key == "FIELDS") {
            for (std::size_t i = 1; i < w.size(); ++i) h.fields.push_back({w[i]});
        } else if (key == "SIZE" || key == "COUNT" || key == "TYPE") {
            if (w.size() != h.fields.size() + 1) fail(key + " must list one entry per field");
            for (std::size_t i = 1; i < w.size(); ++i) {
                PcdField& f = h.fields[i - 1];
                if (key == "SIZE") f.size = int(numberAt(i));
                if (key == "COUNT") f.count = int(numberAt(i));
                if (key == "TYPE") f.type = w[i][0];
            }
        } else if (key == "WIDTH") {
            h.width = int(numberAt(1));
        } else if (key == "HEIGHT") {
            h.height = int(numberAt(1));
        } else if (key == "POINTS") {
            h.points = std::size_t(numberAt(1));
        } else if (key == "DATA") {
            if (w.size() < 2) fail("DATA needs ascii or binary");
            h.data = w[1];
        } else if (key != "VERSION" && key != "VIEWPOINT") {
            fail("unknown header key " + key);
        }
    }
    if (h.data != "ascii" && h.data != "binary")
        fail("DATA " + h.data + " is not supported (expected ascii or binary)");
    if (h.width <= 0 || h.height <= 0) fail("WIDTH and HEIGHT must be positive");
    if (h.points != std::size_t(h.width) * h.height) fail("POINTS must equal WIDTH x HEIGHT");
    for (auto& f : h.fields) {
        // PCD v0.7 floats are 4 or 8 bytes; integers 1, 2, 4 or 8.
        const bool size_ok = f.type == 'F'
                                 ? (f.size == 4 || f.size == 8)
                                 : (f.size == 1 || f.size == 2 || f.size == 4 || f.size == 8);
        if (!size_ok || (f.type != 'F' && f.type != 'U' && f.type != 'I') || f.count < 1 ||
            f.count > 65536)
            fail("field " + f.name + " has an unsupported SIZE " + std::to_string(f.size) +
                 " / TYPE " + std::string(1, f.type) + " / COUNT " + std::to_string(f.count) +
                 " (expected F 4|8, U/I 1|2|4|8, COUNT 1..65536)");
        f.offset = h.point_bytes;
        f.ascii_index = h.point_words;
        h.point_bytes += std::size_t(f.size) * std::size_t(f.count);
        h.point_words += std::size_t(f.count);
    }
    h.data_offset = pos;
    return h;
}

/// One ascii point's words; "nan" is NaN, anything else that is not a whole number is an error.
void readAsciiPoint(const std::string& path, std::size_t point, std::istream& ascii,
                    std::vector<double>& row) {
    for (std::size_t i = 0; i < row.size(); ++i) {
        std::string word;
        if (!(ascii >> word))
            throw FileError(path, "ascii data ends at point " + std::to_string(point));
        if (word == "nan" || word == "NaN") {
            row[i] = std::numeric_limits<double>::quiet_NaN();
            continue;
        }
        char* end = nullptr;
        row[i] = std::strtod(word.c_str(), &end);
        if (end == word.c_str() || *end != '\0')
            throw FileError(path, "ascii point " + std::to_string(point) + " value " +
                                      std::to_string(i + 1) + ": expected a number, got \"" + word +
                                      "\"");
    }
}

const PcdField* findField(const PcdHeader& h, const std::string& name) {
    for (const auto& f : h.fields)
        if (f.name == name) return &f;
    return nullptr;
}

}  // namespace

PointList validPoints(const ScanGrid& scan) {
    PointList points;
    const std::size_t n = scan.validCount();
    points.xyzi.reserve(4 * n);
    points.label.reserve(n);
    points.instance.reserve(n);
    for (std::size_t i = 0; i < scan.cellCount(); ++i) {
        if (!scan.valid(i)) continue;
        points.xyzi.insert(points.xyzi.end(),
                           {scan.xyz_sensor_m[3 * i], scan.xyz_sensor_m[3 * i + 1],
                            scan.xyz_sensor_m[3 * i + 2], scan.reflectivity[i]});
        points.label.push_back(scan.label[i]);
        points.instance.push_back(scan.instance[i]);
    }
    return points;
}

std::string encodeKittiBin(const PointList& points) {
    // The floats in host order, as appendBytes writes them (little-endian hosts), in one copy: an
    // external network's batch writes 0.5 MB a frame (models/external/ExternalBatch.hpp).
    std::string out(points.xyzi.size() * sizeof(float), '\0');
    if (!out.empty()) std::memcpy(out.data(), points.xyzi.data(), out.size());
    return out;
}

std::string encodeSemanticKittiLabel(const PointList& points) {
    std::string out;
    out.reserve(points.label.size() * 4);
    for (std::size_t i = 0; i < points.label.size(); ++i)
        appendBytes(out,
                    std::uint32_t(points.label[i]) | (std::uint32_t(points.instance[i]) << 16));
    return out;
}

std::string encodeOrganisedPcd(const ScanGrid& scan) {
    std::ostringstream header;
    header << "# .PCD v0.7 - blindspot organised scan, sensor frame (ISO 8855, metres)\n"
           << "VERSION 0.7\nFIELDS x y z intensity range label instance\nSIZE 4 4 4 4 4 4 4\n"
           << "TYPE F F F F F U U\nCOUNT 1 1 1 1 1 1 1\nWIDTH " << scan.cols() << "\nHEIGHT "
           << scan.rows() << "\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS " << scan.cellCount()
           << "\nDATA binary\n";
    std::string out = header.str();
    out.reserve(out.size() + scan.cellCount() * 28);
    for (std::size_t i = 0; i < scan.cellCount(); ++i) {
        for (int k = 0; k < 3; ++k) appendBytes(out, scan.xyz_sensor_m[3 * i + k]);
        appendBytes(out, scan.reflectivity[i]);
        appendBytes(out, scan.range_m[i]);
        appendBytes(out, std::uint32_t(scan.label[i]));
        appendBytes(out, std::uint32_t(scan.instance[i]));
    }
    return out;
}

std::string encodePly(const PointList& points) {
    std::ostringstream header;
    header << "ply\nformat binary_little_endian 1.0\ncomment blindspot scan, sensor frame (ISO "
              "8855, m)\n"
           << "element vertex " << points.size() << "\nproperty float x\nproperty float y\n"
           << "property float z\nproperty float intensity\nproperty ushort label\n"
           << "property ushort instance\nend_header\n";
    std::string out = header.str();
    for (std::size_t i = 0; i < points.size(); ++i) {
        for (int k = 0; k < 4; ++k) appendBytes(out, points.xyzi[4 * i + k]);
        appendBytes(out, points.label[i]);
        appendBytes(out, points.instance[i]);
    }
    return out;
}

PointList readKittiScan(const std::string& bin_path, const std::string& label_path) {
    return decodeKittiScan(readFileBytes(bin_path), bin_path,
                           label_path.empty() ? std::string() : readFileBytes(label_path),
                           label_path);
}

PointList decodeKittiScan(const std::string& bin, const std::string& bin_path,
                          const std::string& labels, const std::string& label_path) {
    if (bin.size() % 16 != 0)
        throw FileError(bin_path, "size " + std::to_string(bin.size()) +
                                      " is not a multiple of 16 bytes (4 float32 per point)");
    PointList points;
    points.xyzi.resize(bin.size() / 4);
    if (!bin.empty())  // an empty frame: memcpy from an empty vector's null data() is undefined
        std::memcpy(points.xyzi.data(), bin.data(), bin.size());
    if (label_path.empty()) return points;
    if (labels.size() != points.size() * 4)
        throw FileError(label_path, "holds " + std::to_string(labels.size() / 4) + " labels but " +
                                        bin_path + " holds " + std::to_string(points.size()) +
                                        " points");
    for (std::size_t i = 0; i < points.size(); ++i) {
        const auto v = get<std::uint32_t>(labels.data() + 4 * i);
        points.label.push_back(std::uint16_t(v & 0xFFFFu));
        points.instance.push_back(std::uint16_t(v >> 16));
    }
    return points;
}

OrganisedCloud readPcd(const std::string& path) {
    const std::string bytes = readFileBytes(path);
    const PcdHeader h = parsePcdHeader(path, bytes);
    const PcdField* fx = findField(h, "x");
    const PcdField* fy = findField(h, "y");
    const PcdField* fz = findField(h, "z");
    if (!fx || !fy || !fz) throw FileError(path, "PCD needs fields x, y and z");
    const PcdField* fi = findField(h, "intensity");
    const PcdField* fl = findField(h, "label");
    const PcdField* fn = findField(h, "instance");
    const PcdField* fr = findField(h, "range");

    OrganisedCloud cloud;
    cloud.width = h.width;
    cloud.height = h.height;
    std::vector<double> row(h.point_words);
    std::istringstream ascii(h.data == "ascii" ? bytes.substr(h.data_offset) : std::string());
    // Divide rather than multiply: POINTS x point size can overflow size_t.
    if (h.data == "binary" && (bytes.size() - h.data_offset) / h.point_bytes < h.points)
        throw FileError(path, "binary data is shorter than POINTS x point size");
    if (h.data == "ascii" && h.points > bytes.size() - h.data_offset)
        throw FileError(path, "ascii data is shorter than POINTS");
    auto value = [&](std::size_t p, const PcdField* f) {
        if (h.data == "binary")
            return fieldValue(*f, bytes.data() + h.data_offset + p * h.point_bytes + f->offset);
        return row[f->ascii_index];  // the first of the field's COUNT values
    };
    // Labels and instances may be stored as floats (TYPE F, or ascii): a value outside uint32
    // (or NaN) is a bad file, and converting it would be undefined behaviour (found by fuzz_pcd).
    auto id = [&](std::size_t p, const PcdField* f) {
        const double v = value(p, f);
        if (!(v >= 0.0 && v <= 4294967295.0))
            throw FileError(path, "point " + std::to_string(p) + ": field " + f->name + " is " +
                                      std::to_string(v) + "; expected an unsigned 32-bit id");
        return std::uint32_t(v);
    };
    for (std::size_t p = 0; p < h.points; ++p) {
        if (h.data == "ascii") readAsciiPoint(path, p, ascii, row);
        cloud.xyz.insert(cloud.xyz.end(),
                         {float(value(p, fx)), float(value(p, fy)), float(value(p, fz))});
        if (fi) cloud.intensity.push_back(float(value(p, fi)));
        if (fr) cloud.range.push_back(float(value(p, fr)));
        if (fl) cloud.label.push_back(id(p, fl));
        if (fn) cloud.instance.push_back(id(p, fn));
    }
    return cloud;
}

ScanGrid readScanDirectory(const std::string& dir) {
    const std::string json_path = (std::filesystem::path(dir) / "scan.json").string();
    const std::string pcd_path = (std::filesystem::path(dir) / "scan.pcd").string();
    const nlohmann::json summary = readJsonFile(json_path);
    ScanGrid scan = emptyScanOfSummary(JsonObject(summary, json_path, ""));
    const LidarSpec& spec = scan.spec;
    const OrganisedCloud cloud = readPcd(pcd_path);
    if (cloud.width != spec.cols() || cloud.height != spec.rows())
        throw FileError(pcd_path, "grid is " + std::to_string(cloud.height) + " x " +
                                      std::to_string(cloud.width) + " but scan.json's LiDAR is " +
                                      std::to_string(spec.rows()) + " x " +
                                      std::to_string(spec.cols()));
    if (cloud.range.empty() || cloud.intensity.empty() || cloud.label.empty() ||
        cloud.instance.empty())
        throw FileError(pcd_path,
                        "needs fields intensity, range, label and instance to rebuild a scan");
    scan.xyz_sensor_m = cloud.xyz;
    scan.range_m = cloud.range;
    scan.reflectivity = cloud.intensity;
    for (std::size_t i = 0; i < scan.cellCount(); ++i) {
        scan.label[i] = std::uint16_t(cloud.label[i]);
        scan.instance[i] = std::uint16_t(cloud.instance[i]);
    }
    return scan;
}

void writeScanFiles(const ScanGrid& scan, const std::string& dir) {
    makeDirectories(dir);
    const PointList points = validPoints(scan);
    const std::filesystem::path base(dir);
    writeFileAtomic((base / "scan.bin").string(), encodeKittiBin(points));
    writeFileAtomic((base / "scan.label").string(), encodeSemanticKittiLabel(points));
    writeFileAtomic((base / "scan.pcd").string(), encodeOrganisedPcd(scan));
    writeFileAtomic((base / "scan.ply").string(), encodePly(points));
}

std::string kittiFrameName(std::size_t frame) {
    std::string name = std::to_string(frame);
    if (name.size() < 6) name.insert(0, 6 - name.size(), '0');
    return name;
}

std::string kittiPoseLine(const Eigen::Isometry3d& world_from_sensor) {
    std::ostringstream line;
    line.precision(9);
    const Eigen::Matrix4d m = world_from_sensor.matrix();
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 4; ++c) line << (r || c ? " " : "") << m(r, c);
    return line.str();
}

}  // namespace blindspot
