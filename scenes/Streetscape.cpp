#include "scenes/Streetscape.hpp"

#include <cmath>

namespace blindspot {
namespace {

// How many of `n` expected items to place: the integer part, plus one with the remainder's chance.
int scaledCount(Rng& rng, double n) {
    const int whole = int(std::floor(n));
    return whole + (rng.chance(n - whole) ? 1 : 0);
}

double sidewalkOuterY(const Layout& L, double side) {
    return L.road_y + side * (L.road_half + L.sidewalk);
}

// Calls place(side, x) for `per_100m` items per 100 m of street on each side (side -1 right, +1
// left), x uniform over the street's length less `margin_m` at both ends.
template <class Place>
void scatterAlongStreet(World& w, double per_100m, double margin_m, Place place) {
    const Layout& L = w.L;
    const double length = L.extent.x_max - L.extent.x_min;
    for (double side : {-1.0, 1.0}) {
        const int n = scaledCount(w.rng, per_100m * length / 100.0);
        for (int i = 0; i < n; ++i)
            place(side, w.rng.uniform(L.extent.x_min + margin_m, L.extent.x_max - margin_m));
    }
}

}  // namespace

void addFrontGardens(World& w, double y_offset_m) {
    const Layout& L = w.L;
    const double d = w.density.vegetation, f = w.density.furniture;
    for (double side : {-1.0, 1.0}) {
        const double y = sidewalkOuterY(L, side) + side * y_offset_m;
        for (double x = L.extent.x_min; x < L.extent.x_max - 6; x += w.rng.uniform(4, 10)) {
            // Hedge, fence, low wall or an open edge, weighted by the content densities.
            const double hedge = 0.5 * d, fence = 0.3 * f, wall = 0.15 * f;
            const double len = w.rng.uniform(3, 9),
                         u = w.rng.uniform(0, hedge + fence + wall + 0.1);
            if (L.cross_half > 0 && std::fabs(x - L.cross_x) < L.cross_half + len) continue;
            if (u < hedge)
                w.hedge(x, x + len, y, w.rng.uniform(0.5, 1.8));
            else if (u < hedge + fence)
                w.fence(x, x + len, y, w.rng.uniform(0.9, 2.0));
            else if (u < hedge + fence + wall)
                w.wall(x, x + len, y, w.rng.uniform(0.5, 2.0));
            // Shrub beds: real roadside vegetation is mostly low (median 0.5 m above the road in
            // SemanticKITTI 00, facts.md), not crowns.
            if (w.rng.chance(std::min(1.0, 0.9 * d)))
                w.groundCover(x, x + len, y + side * w.rng.uniform(0.3, 1.5));
            if (w.rng.chance(0.8 * d))
                for (int b = 1 + w.rng.index(4); b > 0; --b)
                    w.bush(x + w.rng.uniform(0, len), y + side * w.rng.uniform(0.6, 3.0));
            if (w.rng.chance(0.5 * d)) w.tree(x + len, y + side * w.rng.uniform(1.5, 4.0));
        }
    }
}

void addStreetLife(World& w, double per_100m) {
    const Layout& L = w.L;
    const double length = L.extent.x_max - L.extent.x_min;
    for (double side : {-1.0, 1.0}) {
        const int walkers = scaledCount(w.rng, per_100m * w.density.people * length / 100.0);
        for (int i = 0; i < walkers; ++i) {
            const double x = w.rng.uniform(L.extent.x_min + 2, L.extent.x_max - 2);
            // A quarter keep to the sidewalk's outer edge, against facades, fences and hedges:
            // `blindspot evaluate` on the shared SemanticKITTI scans finds real people standing
            // there called building (442 of 928 standing-person points), which a world whose
            // people all walk mid-sidewalk never taught.
            const double across = w.rng.chance(0.25) ? w.rng.uniform(0.85, 0.97)
                                                     : w.rng.uniform(0.4, 0.9);
            const double y = L.road_y + side * (L.road_half + across * L.sidewalk);
            if (L.sidewalk < 0.8) continue;  // sidewalks are off the road: targets never meet them
            const double heading = w.rng.chance(0.5) ? 0.0 : 180.0;
            const int group = w.rng.chance(0.3) ? 2 + w.rng.index(2) : 1;
            for (int g = 0; g < group; ++g)
                w.pedestrian(x + g * w.rng.uniform(0.6, 1.2), y + w.rng.uniform(-0.3, 0.3),
                             heading + w.rng.uniform(-30, 30) + (w.rng.chance(0.15) ? 90 : 0));
        }
        const int riders = scaledCount(w.rng, per_100m / 3 * w.density.people * length / 100.0);
        for (int i = 0; i < riders; ++i) {
            const double x = w.rng.uniform(L.extent.x_min + 3, L.extent.x_max - 3);
            const double y = L.road_y + side * (L.road_half - w.rng.uniform(0.6, 1.0));
            if (w.reserved(x, y) || (x > -6 && x < 3)) continue;
            w.cyclist(x, y, (side < 0 ? 0.0 : 180.0) + w.rng.uniform(-8, 8));
        }
    }
}

void addBollards(World& w, int runs) {
    const Layout& L = w.L;
    for (double side : {-1.0, 1.0})
        for (int r = 0; r < scaledCount(w.rng, runs * w.density.furniture); ++r) {
            const double x0 = w.rng.uniform(L.extent.x_min + 2, L.extent.x_max - 10);
            const double y = L.road_y + side * (L.road_half + 0.35);
            const int n = 3 + w.rng.index(6);
            for (int k = 0; k < n; ++k)
                if (!w.reserved(x0 + 1.5 * k, y)) w.bollard(x0 + 1.5 * k, y);
        }
}

void addVerge(World& w, double per_100m) {
    scatterAlongStreet(w, per_100m * w.density.vegetation, 1.0, [&w](double side, double x) {
        const double y = sidewalkOuterY(w.L, side) + side * w.rng.uniform(0.8, 6.0);
        if (std::fabs(y) >= std::fabs(w.L.extent.y_max) - 1 || w.reserved(x, y)) return;
        if (w.rng.chance(0.5))
            w.bush(x, y);
        else
            w.groundCover(x, x + w.rng.uniform(2, 8), y);
    });
}

void addClutter(World& w, double per_100m) {
    scatterAlongStreet(w, per_100m * w.density.furniture, 3.0, [&w](double side, double x) {
        const Layout& L = w.L;
        const double y = sidewalkOuterY(L, side) + side * w.rng.uniform(-0.4 * L.sidewalk, 5.0);
        if (std::fabs(y) < std::fabs(L.extent.y_max) - 3 && !w.reserved(x, y) && !(x > -6 && x < 3))
            w.clutter(x, y);
    });
}

void buildKittiResidential(World& w, const std::vector<CarModelSpec>& models) {
    const Layout& L = w.L;
    for (double side : {-1.0, 1.0}) {
        // Cars packed nose to tail 5..7 m apart along the kerb, with an occasional gap.
        const double y = L.road_y + side * (L.road_half - 1.05);
        for (double x = L.extent.x_min + 3; x < L.extent.x_max - 3; x += w.rng.uniform(5.0, 7.0))
            if (!(x > -6 && x < 3) && !models.empty() && w.rng.chance(0.5 * w.density.parked_cars))
                w.parkedCar(models, x, y + side * w.rng.uniform(-0.15, 0.15),
                            (side > 0 ? 180.0 : 0.0) + w.rng.uniform(-3, 3));
        // Street trees at the kerb side of the sidewalk.
        for (double x = L.extent.x_min + w.rng.uniform(0, 8); x < L.extent.x_max;
             x += w.rng.uniform(8, 16) / std::max(0.1, w.density.vegetation))
            if (w.density.vegetation > 0) {
                w.tree(x, L.road_y + side * (L.road_half + 0.5));
                if (w.rng.chance(0.5))  // a tree pit planted with shrubs
                    w.groundCover(x - 1.0, x + 1.0, L.road_y + side * (L.road_half + 0.5));
            }
        // Detached houses behind front gardens: 2..3 storeys, set back 3..8 m.
        double x = L.extent.x_min + w.rng.uniform(0, 5);
        while (x < L.extent.x_max - 5) {
            const double width = w.rng.uniform(8, 15);
            w.building(x + width / 2, sidewalkOuterY(L, side) + side * w.rng.uniform(3.0, 8.0),
                       side, width, w.rng.uniform(8, 12), w.rng.uniform(6, 11));
            x += width + w.rng.uniform(2, 7);
        }
    }
    addFrontGardens(w, 0.4);
    addClutter(w, 4);
    for (double x = L.extent.x_min + w.rng.uniform(5, 15); x < L.extent.x_max; x += 30)
        if (!w.reserved(x, L.road_y + L.road_half + 0.3))
            w.pole(x, L.road_y + (w.rng.chance(0.5) ? 1 : -1) * (L.road_half + 0.3), 6.5, true);
    if (w.rng.chance(0.6 * w.density.furniture))
        w.sign(w.rng.uniform(25, 60), L.road_y - L.road_half - 0.4);
    addStreetLife(w, 4.0);
}

}  // namespace blindspot
