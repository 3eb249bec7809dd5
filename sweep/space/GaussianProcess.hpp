#pragma once
// Gaussian-process regression over mixed features (Rasmussen & Williams 2006, Algorithm 2.1),
// the surrogate of the adaptive sampler. The kernel is a product: a squared exponential over the
// numeric features (one length scale, features in [0, 1]) times, per categorical feature, 1 for
// equal levels and `category_correlation` for different ones (the exchangeable-category kernel of
// Qian, Wu & Wu 2008, "Gaussian process models for computer experiments with qualitative and
// quantitative factors"). Constant mean: the mean of the observations. Eigen's LLT does the
// algebra; everything is deterministic.
#include <Eigen/Dense>
#include <vector>

#include "sweep/space/SampleFeatures.hpp"

namespace blindspot {

struct GpKernel {
    double length = 0.2;                ///< numeric length scale, in feature units
    double category_correlation = 0.5;  ///< in (0, 1]
    double signal_variance = 1.0;
    double noise_variance = 1e-3;
    double operator()(const Features& a, const Features& b) const;
};

class GaussianProcess {
  public:
    /// Throws std::invalid_argument for no observations or mismatched sizes.
    GaussianProcess(std::vector<Features> x, const std::vector<double>& y, const GpKernel& kernel);

    /// log p(y | X, kernel hyperparameters).
    double logMarginalLikelihood() const { return log_likelihood_; }
    const GpKernel& kernel() const { return kernel_; }

    /// Posterior mean and variance (without the noise) at each candidate, and the whitened
    /// cross-covariances V = L^-1 K(X, C) that sequential batch selection needs.
    struct Posterior {
        Eigen::VectorXd mean, variance;
        Eigen::MatrixXd whitened;  ///< n x m
    };
    Posterior posterior(const std::vector<Features>& candidates) const;

  private:
    std::vector<Features> x_;
    GpKernel kernel_;
    double mean_ = 0.0;
    Eigen::LLT<Eigen::MatrixXd> llt_;
    Eigen::VectorXd alpha_;
    double log_likelihood_ = 0.0;
};

/// The kernel among a small fixed grid of length scales and category correlations that maximises
/// the marginal likelihood of (x, y); the signal variance is the observations' variance and the
/// noise 5 % of it (scores of one cell differ between backgrounds).
GpKernel fitKernel(const std::vector<Features>& x, const std::vector<double>& y);

}  // namespace blindspot
