#pragma once
// The colours that the fidelity figures share (BGR, OpenCV's order): real scans in blue,
// simulated ones in orange, so that both figures read the same way.
#include <opencv2/core.hpp>

namespace blindspot::figure {

inline const cv::Scalar kReal(192, 101, 21);
inline const cv::Scalar kSim(0, 140, 255);
inline const cv::Scalar kInk(40, 40, 40);
inline const cv::Scalar kGrid(220, 220, 220);

}  // namespace blindspot::figure
