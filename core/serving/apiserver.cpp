#include "core/serving/apiserver.h"

#include <algorithm>

namespace shardscope {

ApiServer::ApiServer(double costSec)
    : m_cost(std::max(0.0, costSec))
{
}

void ApiServer::send(int id, double start)
{
    m_sent.push_back({ id, start });
}

void ApiServer::advanceTo(double t, std::deque<int> &handedOver)
{
    for (;;) {
        // Next event: the oldest request in hand finishes (all need the same time, so they finish in
        // arrival order), or the next one arrives.
        const double n = static_cast<double>(m_inHand.size());
        const double finish = m_inHand.empty() ? kNever : m_now + (m_inHand.front().doneAt - m_virtual) * n;
        const double arrive = m_sent.empty() ? kNever : std::max(m_now, m_sent.front().start);
        const double next = std::min(finish, arrive);
        if (next > t || next == kNever)
            break;
        if (n > 0)
            m_virtual += (next - m_now) / n;
        m_now = next;
        if (finish <= arrive) {
            const InHand done = m_inHand.front();
            m_inHand.pop_front();
            m_virtual = done.doneAt;
            handedOver.push_back(done.id);
        } else {
            m_inHand.push_back({ m_sent.front().id, m_virtual + m_cost });
            m_sent.pop_front();
        }
    }
    if (t > m_now && t < kNever) {
        if (!m_inHand.empty())
            m_virtual += (t - m_now) / static_cast<double>(m_inHand.size());
        m_now = t;
    }
}

double ApiServer::nextHandOver() const
{
    // Replays the events on copies of the counters until the oldest request in hand finishes.
    double now = m_now, virt = m_virtual;
    size_t n = m_inHand.size(), arrived = 0;
    double frontDone = m_inHand.empty() ? 0 : m_inHand.front().doneAt;
    for (;;) {
        const double finish = n == 0 ? kNever : now + (frontDone - virt) * static_cast<double>(n);
        const double arrive = arrived < m_sent.size() ? std::max(now, m_sent[arrived].start) : kNever;
        if (finish <= arrive)
            return finish;
        if (n > 0)
            virt += (arrive - now) / static_cast<double>(n);
        now = arrive;
        if (n == 0)
            frontDone = virt + m_cost;
        ++n;
        ++arrived;
    }
}

} // namespace shardscope
