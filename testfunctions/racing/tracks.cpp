// The three tracks of the BORE paper's racing-line benchmarks, with bayesrace's settings:
// centre lines from bayes_race/tracks/src/*_center.txt, widths from tracks/ucb.py and
// tracks/ethz.py, waypoint nodes from raceline/generate_raceline_{ucb,ethz,ethzmobil}.py
// (identical in ltiao/bore-experiments benchmarks/racing/base.py), vehicles from
// params/f110.py and params/orca.py. ETH track "A" is bayesrace's ETHZMobil (20 nodes) and
// "B" its ETHZ (21 nodes), matching the paper's D = 20 and D = 21.
#include <cstdlib>
#include <stdexcept>

#include "core/error.hpp"
#include "testfunctions/racing/racing_line.hpp"
#include "testfunctions/racing/track_data.hpp"

namespace bobench::racing {

namespace {

// Two comma-separated rows of numbers: x, then y.
void parse_centre_line(const char* text, Track& t) {
    std::vector<double>* row = &t.x;
    const char* p = text;
    while (*p) {
        char* end = nullptr;
        const double v = std::strtod(p, &end);
        if (end == p) throw std::logic_error("racing: unreadable track data for " + t.name);
        row->push_back(v);
        p = end;
        if (*p == ',') ++p;
        else if (*p == '\n') {
            ++p;
            if (row == &t.y) break;
            row = &t.y;
        }
    }
    if (t.x.size() != t.y.size() || t.x.size() < 4)
        throw std::logic_error("racing: track data for " + t.name + " has rows of unequal length");
}

Track make(std::string name, std::string source, const char* text, double width, std::vector<int> nodes,
           Vehicle vehicle) {
    Track t{std::move(name), std::move(source), {}, {}, width, 0.95, std::move(nodes), std::move(vehicle)};
    parse_centre_line(text, t);
    return t;
}

const Vehicle f110{"F1/10 (1:10 scale, bayesrace params/f110.py)", 3.74, 0.15875, 0.17145};
const Vehicle orca{"ORCA (1:43 scale, bayesrace params/orca.py)", 0.041, 0.029, 0.033};

const std::vector<Track>& all_tracks() {
    static const std::vector<Track> tracks = [] {
        std::vector<Track> t;
        t.push_back(make("ucb", "UC Berkeley track (bayesrace tracks/ucb.py, UCB)", data::ucb_center, 0.8,
                         {10, 32, 44, 67, 83, 100, 113, 127, 144, 160, 175, 191}, f110));
        t.push_back(make("ethz-a", "ETH Zurich track A (bayesrace tracks/ethz.py, ETHZMobil)", data::ethzMobil_center,
                         0.46, {7, 21, 37, 52, 66, 81, 97, 111, 136, 160, 175, 191, 205, 220, 236, 250, 275, 299, 337, 376},
                         orca));
        t.push_back(make("ethz-b", "ETH Zurich track B (bayesrace tracks/ethz.py, ETHZ)", data::ethz_center, 0.37,
                         {33, 67, 116, 166, 203, 239, 274, 309, 344, 362, 382, 407, 434, 448, 470, 514, 550, 586, 622,
                          657, 665},
                         orca));
        return t;
    }();
    return tracks;
}

}  // namespace

const std::vector<std::string>& track_names() {
    static const std::vector<std::string> names{"ucb", "ethz-a", "ethz-b"};
    return names;
}

const Track& track(const std::string& name) {
    for (const Track& t : all_tracks())
        if (t.name == name) return t;
    throw UserError("racing-line: unknown track '" + name + "'; expected one of ucb, ethz-a, ethz-b");
}

}  // namespace bobench::racing
