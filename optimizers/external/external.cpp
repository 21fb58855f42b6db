// An optimizer in another process, in any language, spoken to through the ask/tell
// protocol of docs/PROTOCOL.md (JSON lines on its standard input and output). One
// process per run, started at the run's first ask: its seed is the first draw of the
// run's optimizer stream, so traces do not depend on the thread count.
#include <algorithm>
#include <deque>
#include <memory>

#include "core/interrupt.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"
#include "core/external/child_process.hpp"
#include "core/external/protocol.hpp"

namespace bobench {

namespace {
using external::Clock;
using external::ProcessError;
using external::ProtocolError;
using nlohmann::json;

class External final : public Optimizer {
public:
    External(const OptimizerSetup& setup, const Args& args)
        : space_(setup.space),
          budget_(setup.budget),
          command_(args.text("command")),
          timeout_(duration(args.real("timeout"))),
          startup_timeout_(duration(args.real("startup_timeout"))),
          batch_(args.integer("batch")) {}

    ~External() override { close(); }

    Point ask(Rng& rng) override {
        if (!process_) start(rng);
        if (queue_.empty()) request();
        Point x = std::move(queue_.front());
        queue_.pop_front();
        return x;
    }

    // Tells go out with the next ask (or the close): one write per round trip.
    void tell(const Point& x, double value) override { queue_tell(x, value, false); }
    void tell_failure(const Point& x, std::optional<double> penalty) override {
        queue_tell(x, penalty ? json(*penalty) : json(nullptr), true);
    }

    Metadata diagnostics() const override { return {{"protocol_seed", std::to_string(seed_)}}; }

private:
    void start(Rng& rng) {
        seed_ = rng() >> 32;  // in [0, 2^32): what numpy's RandomState and most libraries accept
        try {
            process_ = std::make_unique<external::ChildProcess>(command_);
        } catch (const ProcessError& e) {
            throw std::runtime_error("external optimizer '" + command_ + "': " + e.what());
        }
        const json hello = {{"type", "hello"},          {"protocol", external::protocol_version},
                            {"space", external::space_to_json(space_)}, {"seed", seed_},
                            {"budget", budget_},        {"batch", batch_}};
        const json reply = exchange(hello.dump() + "\n", "hello", "ready", startup_timeout_, "startup_timeout");
        if (reply.contains("protocol") && reply["protocol"] != external::protocol_version)
            fail("it speaks protocol " + reply["protocol"].dump() + ", bobench speaks " +
                 std::to_string(external::protocol_version) + " (in reply to hello)");
    }

    void request() {
        const long n = std::clamp(budget_ - asked_, 1L, batch_);
        const std::string what = n == 1 ? "ask (evaluation " + std::to_string(asked_ + 1) + ")"
                                        : "ask for " + std::to_string(n) + " points (evaluations " +
                                              std::to_string(asked_ + 1) + "-" + std::to_string(asked_ + n) + ")";
        const json reply = exchange(json{{"type", "ask"}, {"n", n}}.dump() + "\n", what, "points", timeout_, "timeout");
        const json& points = reply.contains("points") ? reply["points"] : json();
        if (!points.is_array() || points.size() != static_cast<std::size_t>(n))
            fail("wrong arity: the reply to " + what + " must hold \"points\": a list of " +
                 count_noun(static_cast<std::size_t>(n), "point") + "; got " + abbreviate(reply.dump()));
        for (std::size_t i = 0; i < points.size(); ++i) {
            try {
                queue_.push_back(external::point_from_json(space_, points[i]));
            } catch (const ProtocolError& e) {
                fail(std::string(e.what()) + " (point " + std::to_string(i + 1) + " of the reply to " + what +
                     ": " + abbreviate(points[i].dump()) + ")");
            }
        }
        asked_ += n;
    }

    void queue_tell(const Point& x, json value, bool failed) {
        json m = {{"type", "tell"}, {"id", told_++}, {"x", external::point_to_json(space_, x)}, {"value", std::move(value)}};
        if (failed) m["failed"] = true;
        outbox_ += m.dump() + "\n";
    }

    // Sends what is queued plus `message` and reads one reply of type `expected` within
    // `timeout` (the parameter `timeout_name`).
    json exchange(const std::string& message, const std::string& what, const char* expected,
                  Clock::duration timeout, const char* timeout_name) {
        if (const std::string extra = process_->unread(); !extra.empty())
            fail("it sent more than one reply: after its reply to " + last_request_ + " came " +
                 abbreviate(extra.substr(0, extra.find('\n'))) +
                 "; hello and ask get one line each, tell none (docs/PROTOCOL.md)");
        last_request_ = what;
        std::string line;
        try {
            const auto deadline = Clock::now() + timeout;
            process_->write(outbox_ + message, deadline);
            outbox_.clear();
            line = process_->read_line(deadline);
        } catch (const ProcessError& e) {
            if (e.kind != ProcessError::Kind::Timeout) lost(e.what(), what);
            fail("timed out after " + seconds(timeout) + " (parameter " + timeout_name + ") at " + what + ": " +
                 e.what());
        }
        json reply;
        try {
            reply = external::parse_message(line);
        } catch (const json::parse_error& e) {
            fail("the reply to " + what + " is not valid JSON (" + e.what() + "): " + abbreviate(line));
        } catch (const json::out_of_range& e) {  // 1e400: valid JSON, but no double holds it
            fail("the reply to " + what + " holds a number beyond a double's range (" + e.what() + "): " +
                 abbreviate(line));
        } catch (const ProtocolError& e) {
            fail("the reply to " + what + " is refused: " + e.what() + ": " + abbreviate(line));
        }
        const std::string type = reply.is_object() && reply.contains("type") && reply["type"].is_string()
                                     ? reply["type"].get<std::string>()
                                     : std::string();
        if (type == "error")
            fail("it reported an error in reply to " + what + ": " +
                 (reply.contains("message") ? reply["message"].dump() : abbreviate(line)));
        if (type != expected)
            fail("the reply to " + what + " must be a JSON object with \"type\": \"" + expected + "\"; got " +
                 abbreviate(line));
        return reply;
    }

    // The connection broke (`error`) before the reply to `what`: usually the program
    // exited (a module it cannot import, a crash), which is said rather than how the
    // socket saw it ("Connection reset by peer").
    [[noreturn]] void lost(const std::string& error, const std::string& what) {
        if (process_->finish(Clock::now() + std::min<Clock::duration>(timeout_, std::chrono::seconds(2))))
            fail_with("the optimizer process " + process_->state() + " before its reply to " + what);
        fail_with(error + " before its reply to " + what + "; bobench stopped the process");
    }

    // Ends the process and throws; the run fails with this message (the executor adds
    // the problem, the optimizer's label and the replicate).
    [[noreturn]] void fail(const std::string& reason) {
        process_->kill();
        fail_with(reason + "; bobench stopped the process");
    }

    // Throws for the ended process, with the end of its standard error.
    [[noreturn]] void fail_with(const std::string& reason) {
        std::string message = "external optimizer '" + command_ + "': " + reason;
        if (const std::string tail = process_->stderr_tail(); !tail.empty())
            message += "; the end of its standard error:\n" + tail;
        process_.reset();
        throw std::runtime_error(message);
    }

    void close() {
        if (!process_) return;
        if (stop_requested()) {  // bobench is stopping: no goodbye that could wait for a timeout
            process_.reset();    // kills the process group
            return;
        }
        try {
            const auto deadline = Clock::now() + timeout_;
            process_->write(outbox_ + "{\"type\":\"close\"}\n", deadline);
            process_->finish(deadline);
        } catch (const ProcessError&) {
        }
        process_.reset();  // kills it if it is still there
    }

    static Clock::duration duration(double seconds) {
        return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    }
    static std::string seconds(Clock::duration d) { return format_double(std::chrono::duration<double>(d).count()) + " s"; }
    static std::string abbreviate(const std::string& s) { return s.size() <= 200 ? "'" + s + "'" : "'" + s.substr(0, 200) + "...'"; }

    const Space& space_;
    const long budget_;
    const std::string command_;
    const Clock::duration timeout_, startup_timeout_;
    const long batch_;
    std::unique_ptr<external::ChildProcess> process_;
    std::uint64_t seed_ = 0;
    long asked_ = 0, told_ = 0;
    std::string last_request_;  // what the last reply answered ("ask (evaluation 3)"), for messages
    std::deque<Point> queue_;
    std::string outbox_;
};
}  // namespace

OptimizerFactory external_optimizer() {
    return {"external",
            "an optimizer in another process, any language: JSON lines on stdin/stdout (docs/PROTOCOL.md); "
            "Python: bobench.serve, Optuna: python3 -m bobench.adapters.optuna",
            {ParamSpec::text("command", "", "the program and its arguments; shell syntax runs through /bin/sh -c")
                 .require(),
             ParamSpec::real("timeout", 60, "seconds to wait for each reply after the first (part of the identifier)",
                             0.001, 86400),
             // apart from `timeout`, so that a short one for a fast optimizer does not also
             // bound a loaded machine's interpreter start-up
             ParamSpec::real("startup_timeout", 60,
                             "seconds to wait for the reply to hello, the program's start-up included", 0.001, 86400),
             ParamSpec::integer("batch", 1, "points per ask message (q of a batch optimizer)", 1, 1000000)},
            [](const OptimizerSetup& setup, const Args& args) { return std::make_unique<External>(setup, args); }};
}

}  // namespace bobench
