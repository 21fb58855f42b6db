#pragma once
// `bobench export --format coco|iohprofiler DIR`: a results file in the layouts that COCO's
// post-processing (cocopp) and IOHanalyzer read, one folder per optimizer (each tool
// compares algorithms by folder). Every evaluation of every run is written; the field by
// field description of both layouts, and where bobench deviates from the loggers, is in
// analysis/reports/README.md ("Exports for cocopp and IOHanalyzer").
//
// Problems: a bbob problem keeps COCO's function id, instance and dimension (its metadata).
// COCO export: only bbob problems; any other is left out with a note, since cocopp reads
// every .info below an algorithm's folder and tells functions apart by id alone.
// IOHprofiler export: any other problem with a known f* is exported under its metadata "suite" (else
// "bobench") with function id = its 1-based position among that suite's problems in the
// results file, instance = its "instance" metadata (else 1), dimension = its "dimension"
// metadata (else its number of parameters); a note says so. Problems without f* have no
// precision Δf = f - f* and are left out with a note. Replicates of one (function,
// instance, dimension) become repeated runs of that instance, as COCO's 2009 setup did.
#include <string>
#include <vector>

#include "results/store.hpp"

namespace bobench::analysis::reports {

enum class ExportFormat { coco, iohprofiler };

struct ExportResult {
    std::vector<std::string> files;  // written, relative to DIR, sorted
    std::vector<std::string> notes;
};

// Writes into folder `dir` (created if needed) whole or not at all (write_folder_atomically:
// a sibling folder that becomes `dir`); an error names `dir` when it cannot be written. The
// results must hold the points (read_results(..., with_points=true)) for the x columns.
ExportResult export_benchmark_logs(const results::Results& results, ExportFormat format, const std::string& dir);

}  // namespace bobench::analysis::reports
