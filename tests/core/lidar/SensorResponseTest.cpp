// The hdl64e-kitti sensor response: drop rises with range and with incidence, the remission map,
// and seeded, repeatable draws.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "core/geometry/Material.hpp"
#include "core/lidar/LidarSpec.hpp"
#include "core/lidar/ScanCells.hpp"
#include "core/lidar/ScanGrid.hpp"
#include "core/lidar/SensorResponse.hpp"
#include "core/lidar/SensorReturns.hpp"

using namespace blindspot;

namespace {

// A 64 x 2000 scan whose every cell returns from `range_m` with reflectivity `rho`.
ScanGrid uniformScan(double range_m, double rho) {
    ScanGrid scan = makeEmptyScan(lidarPreset("hdl64e-kitti"), Eigen::Isometry3d::Identity());
    for (int row = 0; row < scan.rows(); ++row)
        for (int col = 0; col < scan.cols(); ++col) {
            const std::size_t i = scan.index(row, col);
            writeRange(scan, i, row, col, range_m);
            scan.reflectivity[i] = float(rho);
            scan.label[i] = label::kBuilding;
        }
    return scan;
}

double keptFraction(double range_m, double rho, std::uint64_t seed = 7) {
    ScanGrid scan = uniformScan(range_m, rho);
    applySensorResponse(scan, scan.spec.response, seed);
    return double(scan.validCount()) / double(scan.cellCount());
}

}  // namespace

TEST(SensorResponse, DetectionFallsWithRangeAndRisesWithReflectivity) {
    const SensorResponse r = lidarPreset("hdl64e-kitti").response;
    // At the 10 % range (140 m) a 10 % target sits exactly on the threshold: p = 1/2.
    EXPECT_NEAR(detectionProbability(r, 0.1, r.range_10pct_m), 0.5, 1e-6);  // single precision
    double last = 1.0;
    for (double range : {5.0, 20.0, 40.0, 60.0, 90.0}) {
        const double p = detectionProbability(r, 0.01, range);
        EXPECT_LT(p, last) << range;
        last = p;
    }
    EXPECT_LT(detectionProbability(r, 0.05, 40.0), detectionProbability(r, 0.5, 40.0));
    EXPECT_EQ(detectionProbability(r, 0.0, 5.0), 0.0);
}

TEST(SensorResponse, ScansLoseMoreReturnsFarAwayAndAtGrazingIncidence) {
    // Asphalt-like albedo 0.12 seen head on (cos 1) and at a grazing 84 deg (cos 0.1).
    const SurfaceMaterial asphalt{label::kRoad, 0.12f, 0.05f, 8};
    const double head_on = phongReflectivity(asphalt, 1.0f),
                 grazing = phongReflectivity(asphalt, 0.1f);
    const double near_head_on = keptFraction(10.0, head_on),
                 far_head_on = keptFraction(110.0, head_on);
    const double near_grazing = keptFraction(10.0, grazing),
                 far_grazing = keptFraction(110.0, grazing);
    EXPECT_GT(near_head_on, far_head_on);
    EXPECT_GT(near_head_on, near_grazing);
    EXPECT_GT(far_head_on, far_grazing + 0.2);
    // Close and bright: only the random drop and the calibrated bottom rows are lost.
    const SensorResponse r = lidarPreset("hdl64e-kitti").response;
    double expected = 0.0;
    for (double d : r.row_drop) expected += (1.0 - r.drop_probability) * (1.0 - d) / 64.0;
    EXPECT_NEAR(keptFraction(5.0, 0.8), expected, 0.01);
}

TEST(SensorResponse, IntensityIsTheRemissionMapAndDrawsAreSeeded) {
    const SensorResponse r = lidarPreset("hdl64e-kitti").response;
    double last = -1.0;
    for (double rho : {0.0, 0.02, 0.1, 0.3, 0.6, 1.0}) {
        const double i = remission(r, rho);
        EXPECT_GE(i, 0.0);
        EXPECT_LE(i, 1.0);
        EXPECT_GT(i, last);
        last = i;
    }
    ScanGrid a = uniformScan(30.0, 0.2), b = uniformScan(30.0, 0.2), c = uniformScan(30.0, 0.2);
    applySensorResponse(a, a.spec.response, 3);
    applySensorResponse(b, b.spec.response, 3);
    applySensorResponse(c, c.spec.response, 4);
    EXPECT_TRUE(a == b);
    EXPECT_FALSE(a == c);
    // Ranges carry the 2 cm noise: the spread around 30 m is close to 0.02.
    double sum = 0, sum2 = 0;
    std::size_t n = 0;
    for (std::size_t i = 0; i < a.cellCount(); ++i)
        if (a.valid(i)) {
            sum += a.range_m[i] - 30.0;
            sum2 += (a.range_m[i] - 30.0) * (a.range_m[i] - 30.0);
            ++n;
        }
    EXPECT_NEAR(std::sqrt(sum2 / double(n) - (sum / double(n)) * (sum / double(n))), 0.02, 0.002);
}

TEST(SensorResponse, DisabledResponseChangesNothing) {
    ScanGrid scan = makeEmptyScan(lidarPreset("hdl64e"), Eigen::Isometry3d::Identity());
    for (int col = 0; col < scan.cols(); ++col) {
        writeRange(scan, scan.index(10, col), 10, col, 80.0);
        scan.reflectivity[scan.index(10, col)] = 0.01f;
    }
    const ScanGrid before = scan;
    applySensorResponse(scan, scan.spec.response, 1);
    EXPECT_TRUE(scan == before);
}

TEST(SensorResponse, ReflectivityExponentKeepsGrazingAsphaltAsTheRealSensorDoes) {
    // The road 40 m ahead of a sensor 1.73 m up: cos(incidence) = 1.73 / 40, albedo 0.12.
    const double rho = 0.12 * 1.73 / 40.0;
    SensorResponse r = lidarPreset("hdl64e-kitti").response;
    // ln(P / P_th) = k ln(rho / 0.1) + 2 ln(R10 / R), by hand: 0.5 * -2.956 + 2 * 1.253 = 1.028.
    const double margin = 0.5 * std::log(rho / 0.1) + 2.0 * std::log(140.0 / 40.0);
    EXPECT_NEAR(detectionProbability(r, rho, 40.0), 1.0 / (1.0 + std::exp(-margin / 0.5)), 1e-6);
    EXPECT_GT(detectionProbability(r, rho, 40.0), 0.85);  // real: 94 % of the road cells
    // A Lambertian response with the same R10 loses most of that road.
    r.reflectivity_exponent = 1.0;
    EXPECT_LT(detectionProbability(r, rho, 40.0), 0.3);
    // Whatever k, a 10 % target head on at R10 stays on the threshold.
    EXPECT_NEAR(detectionProbability(r, 0.1, 140.0), 0.5, 1e-6);
}

TEST(SensorResponse, WeakReturnsReportZeroIntensity) {
    const SensorResponse r = lidarPreset("hdl64e-kitti").response;
    ASSERT_DOUBLE_EQ(r.weak_return_margin, 1.75);
    // rho 0.05: ln(P / P_th) = 0.5 ln(0.5) + 2 ln(140 / R): 1.75 nepers at
    // R = 140 e^(-1.048) = 49.1 m.
    const double at = 140.0 * std::exp(-(1.75 - 0.5 * std::log(0.5)) / 2.0);
    EXPECT_NEAR(at, 49.1, 0.05);
    EXPECT_NEAR(detectionMargin(r, 0.05, at), 1.75, 1e-6);
    auto zeroShare = [](double range_m) {
        ScanGrid scan = uniformScan(range_m, 0.05);
        applySensorResponse(scan, scan.spec.response, 5);
        std::size_t zero = 0, kept = 0;
        for (std::size_t i = 0; i < scan.cellCount(); ++i)
            if (scan.valid(i)) {
                ++kept;
                zero += scan.reflectivity[i] == 0.0f;
            }
        return double(zero) / double(kept);
    };
    EXPECT_EQ(zeroShare(at - 1.0), 0.0);  // every kept return has its remission
    EXPECT_EQ(zeroShare(at + 1.0), 1.0);
}

TEST(SensorResponse, EachLaserHasItsOwnGainAndRemissionIsStoredInSteps) {
    // Noise off, so the stored remission is (gain rho^gamma) * g_row, rounded to 0.01.
    const LidarSpec spec = lidarPreset("hdl64e-kitti");
    SensorResponse r = spec.response;
    r.intensity_noise = 0.0;
    r.drop_probability = 0.0;
    r.row_drop.clear();
    r.row_intensity_gain.assign(std::size_t(spec.rows()), 1.0);
    r.row_intensity_gain[10] = 0.5;
    r.row_intensity_gain[11] = 0.02;  // a dim laser: 0.5 * 0.3^0.22 * 0.02 = 0.0077, reads 0.01
    ScanGrid scan = uniformScan(10.0, 0.3);
    applySensorResponse(scan, r, 9);
    const double full = 0.5 * std::pow(0.3, 0.22);  // 0.3837
    auto at = [&](int row) { return double(scan.reflectivity[scan.index(row, 100)]); };
    EXPECT_NEAR(at(9), 0.38, 1e-6);
    EXPECT_NEAR(at(10), 0.19, 1e-6);  // 0.1918 rounded to the step
    EXPECT_NEAR(at(11), 0.01, 1e-6);
    EXPECT_NEAR(full, 0.3837, 1e-4);
    for (std::size_t i = 0; i < scan.cellCount(); ++i)
        if (scan.valid(i)) {
            EXPECT_NEAR(scan.reflectivity[i] * 100.0, std::round(scan.reflectivity[i] * 100.0),
                        1e-4);
        }
    // The preset's table: KITTI's dim lasers (rows 36 and 51) and a bright one.
    EXPECT_LT(spec.response.row_intensity_gain[36], 0.2);
    EXPECT_LT(spec.response.row_intensity_gain[51], 0.2);
    EXPECT_GT(spec.response.row_intensity_gain[23], 1.2);
    EXPECT_DOUBLE_EQ(spec.response.row_intensity_gain[0], 1.0);
}

TEST(SensorResponse, RandomisedGainsPerLaserAreSeededAndSomeLasersGoDim) {
    const LidarSpec spec = lidarPreset("hdl64e");  // no per-laser table: randomisation adds one
    SensorResponse base = spec.response;
    base.enabled = true;
    Rng a(11), b(11), c(12);
    const SensorResponse ra = randomizedResponse(base, spec.rows(), a);
    const SensorResponse rb = randomizedResponse(base, spec.rows(), b);
    const SensorResponse rc = randomizedResponse(base, spec.rows(), c);
    ASSERT_EQ(ra.row_intensity_gain.size(), std::size_t(spec.rows()));
    EXPECT_EQ(ra.row_intensity_gain, rb.row_intensity_gain);
    EXPECT_NE(ra.row_intensity_gain, rc.row_intensity_gain);
    // Over many draws about one laser in 12 is dim (gain < 0.45 needs a dim draw or a 4-sigma
    // log-normal one).
    std::size_t dim = 0, all = 0;
    Rng rng(3);
    for (int k = 0; k < 200; ++k)
        for (double g : randomizedResponse(base, spec.rows(), rng).row_intensity_gain) {
            dim += g < 0.45;
            ++all;
        }
    EXPECT_NEAR(double(dim) / double(all), 1.0 / 12.0, 0.015);
    // Remission gain and exponent are drawn wide (U(0.6, 1.5) and U(0.75, 1.4)), both ways.
    double gain_lo = 9, gain_hi = 0, gamma_lo = 9, gamma_hi = 0;
    for (int k = 0; k < 200; ++k) {
        const SensorResponse r = randomizedResponse(base, spec.rows(), rng);
        gain_lo = std::min(gain_lo, r.intensity_gain / base.intensity_gain);
        gain_hi = std::max(gain_hi, r.intensity_gain / base.intensity_gain);
        gamma_lo = std::min(gamma_lo, r.intensity_gamma / base.intensity_gamma);
        gamma_hi = std::max(gamma_hi, r.intensity_gamma / base.intensity_gamma);
    }
    EXPECT_GE(gain_lo, 0.6);
    EXPECT_LT(gain_lo, 0.7);
    EXPECT_LE(gain_hi, 1.5);
    EXPECT_GT(gain_hi, 1.4);
    EXPECT_GE(gamma_lo, 0.75);
    EXPECT_LT(gamma_lo, 0.85);
    EXPECT_LE(gamma_hi, 1.4);
    EXPECT_GT(gamma_hi, 1.3);
    base.enabled = false;
    EXPECT_TRUE(randomizedResponse(base, spec.rows(), a).row_intensity_gain.empty());
}

TEST(SensorResponse, VehicleReturnsAreLostAndReadZeroAtTheirOwnShares) {
    // Every other column a car (rho 0.3 at 10 m: a strong return, never weak by its margin).
    auto scanWithCars = [] {
        ScanGrid scan = uniformScan(10.0, 0.3);
        for (int row = 0; row < scan.rows(); ++row)
            for (int col = 0; col < scan.cols(); col += 2)
                scan.label[scan.index(row, col)] = label::kVehicle;
        return scan;
    };
    ScanGrid plain = scanWithCars(), coated = scanWithCars();
    SensorResponse r = plain.spec.response;
    EXPECT_DOUBLE_EQ(r.vehicle_drop_probability, 0.35);  // hdl64e-kitti's cars
    EXPECT_DOUBLE_EQ(r.vehicle_weak_share, 0.65);
    r.vehicle_drop_probability = r.vehicle_weak_share = 0.0;  // whole cars, as Phong casts them
    applySensorResponse(plain, r, 9);
    r.vehicle_drop_probability = 0.3;
    r.vehicle_weak_share = 0.6;
    applySensorResponse(coated, r, 9);
    std::size_t cars = 0, plain_kept = 0, kept = 0, zero = 0, others_equal = 0, others = 0;
    for (int row = 0; row < plain.rows(); ++row)
        for (int col = 0; col < plain.cols(); ++col) {
            const std::size_t i = plain.index(row, col);
            if (col % 2 == 1) {  // building: the very same draws, bit for bit
                ++others;
                others_equal +=
                    plain.valid(i) == coated.valid(i) &&
                    (!plain.valid(i) || (plain.range_m[i] == coated.range_m[i] &&
                                         plain.reflectivity[i] == coated.reflectivity[i]));
                continue;
            }
            ++cars;
            plain_kept += plain.valid(i);
            EXPECT_FALSE(coated.valid(i) && !plain.valid(i));  // only ever an extra loss
            if (!coated.valid(i)) continue;
            ++kept;
            zero += coated.reflectivity[i] == 0.0f;
            if (coated.reflectivity[i] != 0.0f) {
                EXPECT_EQ(coated.reflectivity[i], plain.reflectivity[i]);
            }
        }
    EXPECT_EQ(others_equal, others);
    EXPECT_GT(double(plain_kept) / double(cars), 0.9);  // the lowest 7 lasers lose more
    // 64,000 car cells: the shares to within 0.01 (a binomial sigma is about 0.002).
    EXPECT_NEAR(double(kept) / double(plain_kept), 0.7, 0.01);
    EXPECT_NEAR(double(zero) / double(kept), 0.6, 0.01);
    // Training data draws both per scan, in the real drives' span (core/lidar/SensorResponse.hpp).
    Rng rng(4);
    double drop_lo = 1, drop_hi = 0, weak_lo = 1, weak_hi = 0;
    for (int k = 0; k < 200; ++k) {
        const SensorResponse d = randomizedResponse(plain.spec.response, plain.rows(), rng);
        drop_lo = std::min(drop_lo, d.vehicle_drop_probability);
        drop_hi = std::max(drop_hi, d.vehicle_drop_probability);
        weak_lo = std::min(weak_lo, d.vehicle_weak_share);
        weak_hi = std::max(weak_hi, d.vehicle_weak_share);
    }
    // U(0, 2 x 0.35) and U(0.4 x 0.65, 1.9 x 0.65) clamped to 1: some scans read every car
    // return 0, as most of lidar_2d drive 0001 frame 30's do (73 %).
    EXPECT_LT(drop_lo, 0.02);
    EXPECT_GT(drop_hi, 0.66);
    EXPECT_LE(drop_hi, 0.7);
    EXPECT_GE(weak_lo, 0.26);
    EXPECT_LT(weak_lo, 0.3);
    EXPECT_EQ(weak_hi, 1.0);
}

TEST(SensorResponse, EachCarHasItsOwnSharesUnderAnInstanceSpread) {
    // 125 cars of 16 columns each (64 x 16 cells), all rho 0.3 at 10 m.
    auto scanOfCars = [] {
        ScanGrid scan = uniformScan(10.0, 0.3);
        for (int row = 0; row < scan.rows(); ++row)
            for (int col = 0; col < scan.cols(); ++col) {
                scan.label[scan.index(row, col)] = label::kVehicle;
                scan.instance[scan.index(row, col)] = std::uint16_t(1 + col / 16);
            }
        return scan;
    };
    // Per car: its kept share against whole cars (the lowest lasers lose some anyway).
    auto keptPerCar = [&](double spread) {
        ScanGrid whole = scanOfCars(), coated = scanOfCars();
        SensorResponse r = whole.spec.response;
        r.vehicle_drop_probability = r.vehicle_weak_share = 0.0;
        applySensorResponse(whole, r, 5);
        r.vehicle_drop_probability = 0.2;
        r.vehicle_weak_share = 0.5;
        r.vehicle_instance_spread = spread;
        applySensorResponse(coated, r, 5);
        std::vector<double> kept(126, 0.0), cells(126, 0.0);
        for (std::size_t i = 0; i < whole.range_m.size(); ++i)
            if (whole.valid(i)) {
                cells[whole.instance[i]] += 1;
                kept[whole.instance[i]] += coated.valid(i);
            }
        std::vector<double> share;
        for (std::size_t k = 1; k < kept.size(); ++k)
            if (cells[k] > 0) share.push_back(kept[k] / cells[k]);
        return share;
    };
    const std::vector<double> alike = keptPerCar(0.0), own = keptPerCar(1.0);
    ASSERT_EQ(own.size(), 125u);
    // Spread 0: every car loses 0.2 (about 1,000 cells each: a binomial sigma of 0.013).
    for (double s : alike) EXPECT_NEAR(s, 0.8, 0.06);
    // Spread 1: each car loses 0.2 x U(0, 2), so some are whole and some lose 0.4.
    const auto [lo, hi] = std::minmax_element(own.begin(), own.end());
    EXPECT_GT(*hi, 0.96);
    EXPECT_LT(*lo, 0.64);
    double mean = 0.0;
    for (double s : own) mean += s / double(own.size());
    EXPECT_NEAR(mean, 0.8, 0.03);
    // Training data keeps the spec's spread: none in hdl64e-kitti (network 11's data), 1 in
    // network 12's spec file.
    Rng rng(4);
    SensorResponse nominal = scanOfCars().spec.response;
    EXPECT_DOUBLE_EQ(randomizedResponse(nominal, 64, rng).vehicle_instance_spread, 0.0);
    nominal.vehicle_instance_spread = 1.0;
    EXPECT_DOUBLE_EQ(randomizedResponse(nominal, 64, rng).vehicle_instance_spread, 1.0);
}

TEST(SensorResponse, RangeNoiseMovesEachReturnAlongItsOwnRay) {
    ScanGrid scan = uniformScan(20.0, 0.5);
    applySensorResponse(scan, scan.spec.response, 3);
    double sum = 0.0, sum2 = 0.0;
    std::size_t n = 0;
    for (int row = 0; row < scan.rows(); ++row)
        for (int col = 0; col < scan.cols(); ++col) {
            const std::size_t i = scan.index(row, col);
            if (!scan.valid(i)) continue;
            // Measured from the laser's origin, (0, 0, h) above the sensor's (hdl64e-kitti).
            const Eigen::Vector3d xyz(scan.xyz_sensor_m[3 * i], scan.xyz_sensor_m[3 * i + 1],
                                      scan.xyz_sensor_m[3 * i + 2] - scan.spec.originZM(row));
            const double range = scan.range_m[i];
            // The point stays on its beam and at its (re-quantised) range.
            ASSERT_NEAR(xyz.norm(), range, 2e-5 * range) << row << " " << col;
            ASSERT_LT((xyz / range -
                       beamDirection(scan.elevationDeg(row, col), scan.azimuthDeg(row, col)))
                          .norm(),
                      1e-6);
            ASSERT_NEAR(range / 0.002, std::round(range / 0.002), 1e-3);
            sum += range - 20.0;
            sum2 += (range - 20.0) * (range - 20.0);
            ++n;
        }
    ASSERT_GT(n, 100000u);
    const double mean = sum / double(n), sigma = std::sqrt(sum2 / double(n) - mean * mean);
    // sigma_R = 2 cm, widened by the 2 mm quantisation (sqrt(0.02^2 + 0.002^2 / 12)).
    EXPECT_NEAR(mean, 0.0, 3.0 * 0.02 / std::sqrt(double(n)) + 1e-4);
    EXPECT_NEAR(sigma, std::sqrt(0.02 * 0.02 + 0.002 * 0.002 / 12.0), 0.0005);
}

TEST(SensorResponse, NormalDrawsHaveTheStandardNormalsMomentsAndTails) {
    Rng rng(42);
    const int n = 400000;
    double sum = 0.0, sum2 = 0.0, sum4 = 0.0;
    int beyond2 = 0, beyond3 = 0;
    for (int k = 0; k < n; ++k) {
        const double z = gaussian(rng);
        sum += z;
        sum2 += z * z;
        sum4 += z * z * z * z;
        beyond2 += std::abs(z) > 2.0;
        beyond3 += std::abs(z) > 3.0;
    }
    EXPECT_NEAR(sum / n, 0.0, 0.01);
    EXPECT_NEAR(sum2 / n, 1.0, 0.01);
    EXPECT_NEAR(sum4 / n, 3.0, 0.05);  // kurtosis of N(0, 1)
    // P(|Z| > 2) = 0.0455, P(|Z| > 3) = 0.0027 (erfc(2 / sqrt 2), erfc(3 / sqrt 2)).
    EXPECT_NEAR(double(beyond2) / n, std::erfc(2.0 / std::sqrt(2.0)), 0.002);
    EXPECT_NEAR(double(beyond3) / n, std::erfc(3.0 / std::sqrt(2.0)), 0.0004);
}

TEST(SensorResponse, CellStreamsDifferForEveryCellAndEffect) {
    std::set<std::uint64_t> first_draws;
    for (std::size_t cell = 0; cell < 2000; ++cell)
        for (std::uint64_t effect : {1, 2, 3, 4, 11})
            first_draws.insert(cellRng(9, cell, effect).next());
    EXPECT_EQ(first_draws.size(), 2000u * 5u);
    EXPECT_NE(cellRng(9, 0, 11).next(), cellRng(10, 0, 11).next());
}
