#pragma once
// Empirical expected improvement (Aryan 2020, ch. 3, eq. 3.5): the average over the
// posterior's sampled functions of the improvement below the incumbent,
//   EI_emp(x) = (1/S) sum_s max(0, eta - f_s(x)),
// which needs no Gaussian assumption on the predictive. Its gradient (where defined) is
// -(1/S) sum over the improving samples of d f_s / dx.
#include "acquisitions/acquisition.hpp"
#include "surrogates/function_samples.hpp"

namespace bobench::acquisitions {

class EmpiricalExpectedImprovement final : public Acquisition {
public:
    // incumbent: best observed value (raw units); UserError when not finite. The
    // samples are held by reference and must outlive this object.
    EmpiricalExpectedImprovement(const surrogates::FunctionSamples& samples, double incumbent);
    double value(const Eigen::VectorXd& x, Eigen::VectorXd* grad = nullptr) const override;
    bool has_gradient() const override { return true; }

private:
    const surrogates::FunctionSamples& samples_;
    double incumbent_;
};

}  // namespace bobench::acquisitions
