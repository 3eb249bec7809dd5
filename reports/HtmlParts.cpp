#include "reports/HtmlParts.hpp"

#include <cmath>
#include <cstdint>
#include <sstream>

#include "reports/Heatmap.hpp"

namespace blindspot {
namespace {

const char* kStyle = R"css(
body{font-family:sans-serif;margin:24px;color:#222;max-width:1400px}
h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
th{background:#f2f2f2}td.l,th.l{text-align:left}.na{color:#999}
.pass{color:#1a7f37;font-weight:bold}.fail{color:#c62828;font-weight:bold}
.thumbs{display:flex;flex-wrap:wrap;gap:12px}.thumb{width:250px;font-size:12px}
.thumb img{width:240px;height:240px;background:#111}.legend span{padding:0 6px;margin-right:6px}
code{background:#f4f4f4;padding:1px 4px}
)css";

// Marks every image that failed to decode, and records "decoded/total" on <body> for tests.
const char* kImageCheck = R"js(
window.addEventListener('load', function () {
  var imgs = Array.prototype.slice.call(document.images), ok = 0;
  imgs.forEach(function (i) {
    if (i.complete && i.naturalWidth > 0) { ok++; }
    else { i.insertAdjacentHTML('afterend', '<b class=fail>image failed to load</b>'); }
  });
  document.body.setAttribute('data-images', ok + '/' + imgs.length);
});
)js";

}  // namespace

std::string escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '&':
                out += "&amp;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string base64(const std::string& bytes) {
    static const char* table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
        std::uint32_t v = 0;
        for (std::size_t k = 0; k < 3; ++k)
            v = (v << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
        for (std::size_t k = 0; k < 4; ++k) out += k <= n ? table[(v >> (18 - 6 * k)) & 63] : '=';
    }
    return out;
}

std::string img(const std::string& png, const std::string& alt) {
    return "<img alt=\"" + escape(alt) + "\" src=\"data:image/png;base64," + base64(png) + "\">";
}

std::string num(const std::optional<double>& v, int decimals) {
    return v ? formatValue(*v, decimals) : "<span class=na>n/a</span>";
}

std::string page(const std::string& title, const std::string& body) {
    return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + escape(title) +
           "</title><style>" + kStyle + "</style><script>" + kImageCheck +
           "</script></head><body>\n" + body + "</body></html>\n";
}

std::string classTable(const MetricsSummary& m) {
    std::ostringstream h;
    h << "<table><tr><th class=l>class</th><th>TP</th><th>FP</th><th>FN</th>"
      << "<th>IoU (pooled)</th><th>precision (pooled)</th><th>recall (pooled)</th>"
      << "<th>IoU (scene mean)</th><th>precision (scene mean)</th><th>recall (scene mean)</th>"
      << "<th>scenes with IoU</th></tr>";
    for (const auto& c : m.classes)
        h << "<tr><td class=l>" << escape(c.name) << "</td><td>" << c.tp << "</td><td>" << c.fp
          << "</td><td>" << c.fn << "</td><td>" << num(c.pooled.iou) << "</td><td>"
          << num(c.pooled.precision) << "</td><td>" << num(c.pooled.recall) << "</td><td>"
          << num(c.scene_mean.iou) << "</td><td>" << num(c.scene_mean.precision) << "</td><td>"
          << num(c.scene_mean.recall) << "</td><td>" << c.scenes_with_iou << "</td></tr>";
    h << "</table><p>mIoU over {";
    for (std::size_t i = 0; i < m.mean_classes.size(); ++i)
        h << (i ? ", " : "") << escape(m.mean_classes[i]);
    h << "}: pooled " << num(m.pooled_miou) << ", scene mean " << num(m.scene_mean_miou)
      << ". Pooled sums TP/FP/FN over scenes first; scene mean averages per-scene values. "
      << "Undefined values (denominator 0) are shown as n/a and left out of means.</p>\n";
    return h.str();
}

std::string levelText(const nlohmann::json& level) {
    if (level.is_string()) return level.get<std::string>();
    if (level.is_number_integer()) return std::to_string(level.get<std::int64_t>());
    if (level.is_number()) {
        const double v = level.get<double>();
        return formatValue(v, std::fabs(v - std::round(v)) < 1e-9 ? 0 : 2);
    }
    return level.dump();
}

std::vector<std::string> ticks(const std::vector<nlohmann::json>& levels) {
    std::vector<std::string> out;
    for (const auto& l : levels) out.push_back(levelText(l));
    return out;
}

std::string sampleText(const nlohmann::json& sample) {
    std::string out;
    for (const auto& [k, v] : sample.items())
        out += (out.empty() ? "" : ", ") + k + "=" + levelText(v);
    return out;
}

HeatmapSpec mapHeatmap(const MiouMap& map, const std::string& title) {
    HeatmapSpec s;
    s.title = title;
    s.x_title = map.titles[0].empty() ? map.dims[0] : map.titles[0];
    s.y_title = map.titles[1].empty() ? map.dims[1] : map.titles[1];
    s.x_ticks = ticks(map.x_levels);
    s.y_ticks = ticks(map.y_levels);
    for (const auto& c : map.cells) {
        s.values.push_back(c.mean);
        // Under 95 % of the target's returns scored: the cell measures part of the target.
        s.partial.push_back(c.mean_target_in_grid && *c.mean_target_in_grid < 0.95);
    }
    s.value_title = map.metric;
    return s;
}

}  // namespace blindspot
