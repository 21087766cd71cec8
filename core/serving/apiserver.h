#pragma once
#include <deque>
#include <limits>

namespace shardscope {

// The API server's request handling (HTTP, chat template, tokenization, hand-off to the engine core) on its
// one core. vLLM's server is one asyncio event loop: every request in hand is a coroutine that runs a slice
// between awaits, so the requests in hand share the core (processor sharing) rather than queue one after
// another: a burst of N requests reaches the scheduler close together, about N x the per-request time after
// it was sent, instead of spread evenly over that time.
class ApiServer
{
public:
    static constexpr double kNever = std::numeric_limits<double>::infinity();

    // costSec: CPU time one request needs (frontend_request_s); 0 hands every request over at once.
    explicit ApiServer(double costSec);

    // A client sends request `id` at `start` (non-decreasing over the calls).
    void send(int id, double start);
    // Runs the server up to `t`; the requests handed to the engine core by then are appended to `handedOver`
    // in hand-over order.
    void advanceTo(double t, std::deque<int> &handedOver);
    // When the next request would be handed over if no client sent another one (kNever: none in hand).
    double nextHandOver() const;
    bool idle() const { return m_inHand.empty() && m_sent.empty(); }

private:
    struct InHand
    {
        int id;
        double doneAt; // virtual time at which its CPU time is served
    };
    struct Sent
    {
        int id;
        double start;
    };
    double m_cost;
    double m_now = 0;
    double m_virtual = 0; // service each request in hand has received since the start (advances at 1 / n)
    std::deque<InHand> m_inHand;
    std::deque<Sent> m_sent; // sent, not yet arrived at m_now
};

} // namespace shardscope
