#include "reports/DatasetConfusionReport.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "reports/HtmlParts.hpp"

namespace blindspot {
namespace {

std::int64_t pointsOf(const DatasetClassCounts& row, int model_class) {
    return model_class >= 0 && std::size_t(model_class) < row.predicted.size()
               ? row.predicted[std::size_t(model_class)]
               : 0;
}

std::string hexColour(std::uint16_t id) {
    const auto c = datasetClassColour(id);
    char text[8];
    std::snprintf(text, sizeof text, "#%02x%02x%02x", c[0], c[1], c[2]);
    return text;
}

}  // namespace

nlohmann::json datasetConfusionJson(const DatasetConfusion& d,
                                    const std::vector<std::string>& classes) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : d.rows()) {
        nlohmann::json predicted = nlohmann::json::object();
        for (std::size_t c = 0; c < classes.size() && c < row.predicted.size(); ++c)
            predicted[classes[c]] = row.predicted[c];
        rows.push_back({{"id", row.id},
                        {"name", semanticKittiClassName(row.id)},
                        {"points", row.points()},
                        {"predicted", predicted}});
    }
    return rows;
}

std::string datasetConfusionTable(const DatasetConfusion& d, const std::vector<std::string>& classes,
                                  const std::string& target) {
    const int t = int(std::find(classes.begin(), classes.end(), target) - classes.begin());
    // The rows the target took, most first, then the others in id order.
    std::vector<const DatasetClassCounts*> rows;
    if (t < int(classes.size())) rows = d.rowsCalled(t);
    for (const auto& row : d.rows())
        if (pointsOf(row, t) == 0) rows.push_back(&row);
    std::ostringstream h;
    h << "<table><tr><th class=l>dataset class</th><th>id</th><th>points</th>";
    for (const auto& c : classes) h << "<th>" << escape(c) << "</th>";
    h << "<th>share called " << escape(target) << "</th></tr>";
    for (const DatasetClassCounts* row : rows) {
        h << "<tr><td class=l><span style=\"background:" << hexColour(row->id)
          << "\">&nbsp;&nbsp;</span> " << escape(semanticKittiClassName(row->id)) << "</td><td>"
          << row->id << "</td><td>" << row->points() << "</td>";
        for (std::size_t c = 0; c < classes.size(); ++c) h << "<td>" << pointsOf(*row, int(c)) << "</td>";
        const std::int64_t n = row->points();
        h << "<td>" << num(n ? std::optional<double>(double(pointsOf(*row, t)) / double(n))
                             : std::nullopt)
          << "</td></tr>";
    }
    return h.str() + "</table>\n";
}

std::array<std::uint8_t, 3> datasetClassColour(std::uint16_t id) {
    // Moving objects share their class's colour (252 moving-car is car, ...).
    static const std::pair<std::uint16_t, std::array<std::uint8_t, 3>> kColours[] = {
        {0, {0, 0, 0}},         {1, {255, 0, 0}},       {10, {100, 150, 245}},
        {11, {100, 230, 245}},  {13, {100, 80, 250}},   {15, {30, 60, 150}},
        {16, {0, 0, 255}},      {18, {80, 30, 180}},    {20, {0, 0, 255}},
        {30, {255, 30, 30}},    {31, {255, 40, 200}},   {32, {150, 30, 90}},
        {40, {255, 0, 255}},    {44, {255, 150, 255}},  {48, {75, 0, 75}},
        {49, {175, 0, 75}},     {50, {255, 200, 0}},    {51, {255, 120, 50}},
        {52, {255, 150, 0}},    {60, {150, 255, 170}},  {70, {0, 175, 0}},
        {71, {135, 60, 0}},     {72, {150, 240, 80}},   {80, {255, 240, 150}},
        {81, {255, 0, 0}},      {99, {50, 255, 255}}};
    const std::uint16_t base = id == 252 ? 10 : id == 253 ? 31 : id == 254 ? 30
                             : id == 255 ? 32 : id == 256 ? 16 : id == 257 ? 13
                             : id == 258 ? 18 : id == 259 ? 20 : id;
    for (const auto& [known, colour] : kColours)
        if (known == base) return colour;
    return {255, 255, 255};
}

std::string datasetClassLegend(const DatasetConfusion& d) {
    std::ostringstream h;
    for (const auto& row : d.rows())
        h << "<span style=\"background:" << hexColour(row.id) << "\">&nbsp;&nbsp;</span> "
          << escape(semanticKittiClassName(row.id)) << " &nbsp;";
    return h.str();
}

std::vector<std::array<std::uint8_t, 3>> falsePositiveColours(
    const std::vector<int>& truth, const std::vector<int>& predicted,
    const std::vector<std::uint8_t>& has_return, const std::vector<int>& cell_dataset_id,
    int target) {
    const std::array<std::uint8_t, 3> other{136, 136, 136};
    std::vector<std::array<std::uint8_t, 3>> out(predicted.size(), {0, 0, 0});
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (!has_return[i]) continue;
        const bool false_positive = predicted[i] == target && truth[i] >= 0 && truth[i] != target;
        out[i] = false_positive && cell_dataset_id[i] >= 0
                     ? datasetClassColour(std::uint16_t(cell_dataset_id[i]))
                     : other;
    }
    return out;
}

}  // namespace blindspot
