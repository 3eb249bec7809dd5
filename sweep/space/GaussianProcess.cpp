#include "sweep/space/GaussianProcess.hpp"

#include <cmath>
#include <stdexcept>

namespace blindspot {

double GpKernel::operator()(const Features& a, const Features& b) const {
    double d2 = 0.0;
    for (std::size_t i = 0; i < a.numeric.size(); ++i) {
        const double d = a.numeric[i] - b.numeric[i];
        d2 += d * d;
    }
    double k = signal_variance * std::exp(-0.5 * d2 / (length * length));
    for (std::size_t i = 0; i < a.category.size(); ++i)
        if (a.category[i] != b.category[i]) k *= category_correlation;
    return k;
}

GaussianProcess::GaussianProcess(std::vector<Features> x, const std::vector<double>& y,
                                 const GpKernel& kernel)
    : x_(std::move(x)), kernel_(kernel) {
    const std::size_t n = x_.size();
    if (n == 0 || y.size() != n) throw std::invalid_argument("GaussianProcess: x and y sizes");
    for (double v : y) mean_ += v / double(n);
    Eigen::MatrixXd k(n, n);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j <= i; ++j) k(i, j) = k(j, i) = kernel_(x_[i], x_[j]);
    k.diagonal().array() += kernel_.noise_variance;
    llt_.compute(k);
    Eigen::VectorXd r(n);
    for (std::size_t i = 0; i < n; ++i) r(i) = y[i] - mean_;
    alpha_ = llt_.solve(r);
    const Eigen::MatrixXd& l = llt_.matrixLLT();
    log_likelihood_ = -0.5 * r.dot(alpha_) - l.diagonal().array().log().sum() -
                      0.5 * double(n) * std::log(2.0 * M_PI);
}

GaussianProcess::Posterior GaussianProcess::posterior(const std::vector<Features>& c) const {
    const std::size_t n = x_.size(), m = c.size();
    Eigen::MatrixXd kxc(n, m);
    for (std::size_t j = 0; j < m; ++j)
        for (std::size_t i = 0; i < n; ++i) kxc(i, j) = kernel_(x_[i], c[j]);
    Posterior p;
    p.mean = (kxc.transpose() * alpha_).array() + mean_;
    p.whitened = llt_.matrixL().solve(kxc);
    p.variance.resize(Eigen::Index(m));
    for (std::size_t j = 0; j < m; ++j)
        p.variance(Eigen::Index(j)) =
            std::max(0.0, kernel_(c[j], c[j]) - p.whitened.col(Eigen::Index(j)).squaredNorm());
    return p;
}

GpKernel fitKernel(const std::vector<Features>& x, const std::vector<double>& y) {
    double mean = 0.0, var = 0.0;
    for (double v : y) mean += v / double(y.size());
    for (double v : y) var += (v - mean) * (v - mean) / double(y.size());
    GpKernel best;
    double best_ll = -INFINITY;
    for (double length : {0.08, 0.15, 0.3, 0.6})
        for (double rho : {0.1, 0.4, 0.8}) {
            GpKernel k{length, rho, std::max(var, 1e-4), 0.05 * std::max(var, 1e-4)};
            const double ll = GaussianProcess(x, y, k).logMarginalLikelihood();
            if (ll > best_ll) {
                best_ll = ll;
                best = k;
            }
        }
    return best;
}

}  // namespace blindspot
