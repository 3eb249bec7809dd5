#include "models/training/Dataset.hpp"

#include <algorithm>
#include <filesystem>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/Hash.hpp"
#include "core/base/ParallelFor.hpp"
#include "core/scan/ScanIo.hpp"
#include "models/network/Network.hpp"

namespace blindspot {

namespace fs = std::filesystem;

namespace {

void addSequence(const fs::path& sequence, LabelSet set, std::vector<LabelledScanFiles>& out) {
    std::vector<fs::path> bins;
    for (const auto& entry : fs::directory_iterator(sequence / "velodyne"))
        if (entry.path().extension() == ".bin") bins.push_back(entry.path());
    std::sort(bins.begin(), bins.end());
    for (const auto& bin : bins) {
        const fs::path label = sequence / "labels" / bin.filename().replace_extension(".label");
        if (!fs::is_regular_file(label))
            throw FileError(bin.string(), "no matching label file " + label.string());
        out.push_back({bin.string(), label.string(), set});
    }
}

}  // namespace

std::vector<LabelledScanFiles> findLabelledScans(const std::string& dir) {
    std::vector<LabelledScanFiles> out;
    const fs::path root(dir);
    if (fs::is_directory(root / "velodyne")) {
        addSequence(root, datasetLabelSet(dir, LabelSet::kMatlab), out);
    } else if (fs::is_directory(root / "sequences")) {
        std::vector<fs::path> sequences;
        for (const auto& entry : fs::directory_iterator(root / "sequences"))
            if (fs::is_directory(entry.path() / "velodyne")) sequences.push_back(entry.path());
        std::sort(sequences.begin(), sequences.end());
        const LabelSet set = datasetLabelSet(dir, LabelSet::kMatlab);
        for (const auto& s : sequences) addSequence(s, set, out);
    }
    if (out.empty())
        throw FileError(dir,
                        "no labelled scans: expected sequences/SS/velodyne/*.bin with "
                        "sequences/SS/labels/*.label (SemanticKITTI layout)");
    return out;
}

namespace {

LabelledImage imageOf(const PointList& points, LabelSet set, const ModelCard& card) {
    LabelledImage out;
    out.image = projectPoints(points, card.grid, card.input_channels);
    out.cell_class.assign(card.grid.cellCount(), -1);
    for (std::size_t cell = 0; cell < out.cell_class.size(); ++cell) {
        const std::int32_t source = out.image.source[cell];
        if (source >= 0)
            out.cell_class[cell] =
                std::int8_t(classOfLabel(card, set, points.label[std::size_t(source)]));
    }
    // Training needs the image and classes only; the point bookkeeping is dead weight.
    out.image.source = {};
    out.image.cell = {};
    return out;
}

}  // namespace

LabelledImage loadLabelledImage(const LabelledScanFiles& files, const ModelCard& card) {
    return imageOf(readKittiScan(files.bin, files.label), files.label_set, card);
}

LabelledSet loadLabelledSet(const std::vector<std::string>& dirs, const ModelCard& card,
                            int threads) {
    std::vector<LabelledScanFiles> files;
    for (const auto& dir : dirs) {
        const auto found = findLabelledScans(dir);
        files.insert(files.end(), found.begin(), found.end());
    }
    LabelledSet set;
    set.images.resize(files.size());
    std::vector<std::uint64_t> hashes(files.size());
    parallelFor(files.size(), threads, [&](std::size_t i, int) {
        set.images[i] = loadLabelledImage(files[i], card);
        hashes[i] = fnv1a64(readFileBytes(files[i].label), fnv1a64(readFileBytes(files[i].bin)));
    });
    std::uint64_t h = kFnvOffset;
    for (std::uint64_t x : hashes) h = fnv1a64(&x, sizeof x, h);
    set.hash = hex64(h);
    return set;
}

ConfusionMatrix evaluateLabelledSet(const SegmentationNetwork& net, const LabelledSet& set,
                                    int batch) {
    ConfusionMatrix m(net.card().classCount());
    const auto step = std::size_t(std::max(1, batch));
    for (std::size_t first = 0; first < set.images.size(); first += step) {
        std::vector<const RangeImage*> images;
        for (std::size_t i = first; i < std::min(set.images.size(), first + step); ++i)
            images.push_back(&set.images[i].image);
        const auto predicted = net.classify(images);
        for (std::size_t i = 0; i < images.size(); ++i) {
            const auto& truth = set.images[first + i].cell_class;
            for (std::size_t c = 0; c < truth.size(); ++c)
                if (truth[c] >= 0 && predicted[i][c] >= 0) m.add(truth[c], predicted[i][c]);
        }
    }
    return m;
}

}  // namespace blindspot
