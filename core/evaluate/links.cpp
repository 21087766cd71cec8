#include "core/evaluate/links.h"

#include <algorithm>

namespace shardscope {

const char *linkKindName(LinkKind k)
{
    switch (k) {
    case LinkKind::None:
        return "none";
    case LinkKind::ScaleUp:
        return "scaleup";
    case LinkKind::Pcie:
        return "pcie";
    case LinkKind::Nic:
        return "nic";
    }
    return "none";
}

const LinkParams &LinkSet::operator[](LinkKind k) const
{
    switch (k) {
    case LinkKind::Pcie:
        return pcie;
    case LinkKind::Nic:
        return nic;
    case LinkKind::None:
    case LinkKind::ScaleUp:
        break;
    }
    return scaleUp;
}

namespace {

LinkParams makeLink(
    LinkKind kind, double alpha, double lineRate, double efficiency, double alphaOverride, double bandwidthOverride)
{
    LinkParams l;
    l.kind = kind;
    l.lineBytesPerSec = lineRate;
    l.efficiency = efficiency;
    l.latencySec = alphaOverride >= 0 ? alphaOverride : alpha;
    l.bytesPerSec = bandwidthOverride > 0 ? bandwidthOverride : lineRate * efficiency;
    l.overridden = alphaOverride >= 0 || bandwidthOverride > 0;
    if (bandwidthOverride > 0)
        l.efficiency = lineRate > 0 ? bandwidthOverride / lineRate : 1.0;
    return l;
}

} // namespace

LinkSet resolveLinks(const Plan &p, const GpuSpec &gpu)
{
    LinkSet s;
    s.scaleUp = makeLink(LinkKind::ScaleUp, gpu.scaleupLatencySec, gpu.scaleupBytesPerSec, gpu.scaleupEfficiency,
        p.scaleupLatencySec, p.scaleupBytesPerSec);
    // A preset without a PCIe figure: the scale-up figure (PCIe-only cards list PCIe as their scale-up link).
    const double pcie = gpu.pcieBytesPerSec > 0 ? gpu.pcieBytesPerSec : gpu.scaleupBytesPerSec;
    s.pcie = makeLink(
        LinkKind::Pcie, gpu.scaleupLatencySec, pcie, gpu.scaleupEfficiency, p.scaleupLatencySec, p.pcieBytesPerSec);
    s.nic = makeLink(
        LinkKind::Nic, gpu.nicLatencySec, gpu.nicBytesPerSec, gpu.nicEfficiency, p.nicLatencySec, p.nicBytesPerSec);
    return s;
}

Topology makeTopology(int gpusPerNode, const GpuSpec &gpu)
{
    Topology t;
    t.gpusPerNode = std::max(1, gpusPerNode);
    t.domainSpansNodes = gpu.scaleupDomain > gpu.gpusPerNode;
    t.scaleupDomain = t.domainSpansNodes ? gpu.scaleupDomain : std::min(std::max(1, gpu.scaleupDomain), t.gpusPerNode);
    return t;
}

int Topology::domainOf(int rank) const
{
    const int domain = std::max(1, scaleupDomain);
    const int node = std::max(1, gpusPerNode);
    if (domainSpansNodes)
        return rank / domain;
    // Domains tile each node: ceil(node / domain) of them per node.
    const int perNode = (node + domain - 1) / domain;
    return (rank / node) * perNode + (rank % node) / domain;
}

LinkKind Topology::between(int a, int b) const
{
    if (a == b)
        return LinkKind::None;
    if (scaleupDomain > 1 && domainOf(a) == domainOf(b))
        return LinkKind::ScaleUp;
    if (nodeOf(a) == nodeOf(b))
        return LinkKind::Pcie;
    return LinkKind::Nic;
}

double ringAllReduceSec(int p, double bytes, const LinkParams &link)
{
    if (p <= 1 || link.bytesPerSec <= 0)
        return 0;
    return 2.0 * (p - 1) * link.latencySec + ringAllReduceBytesSent(p, bytes) / link.bytesPerSec;
}

double ringAllGatherSec(int p, double fullBytes, const LinkParams &link)
{
    if (p <= 1 || link.bytesPerSec <= 0)
        return 0;
    return (p - 1) * link.latencySec + ringAllGatherBytesSent(p, fullBytes) / link.bytesPerSec;
}

double allToAllSec(int p, double bytesPerRank, const LinkParams &link)
{
    if (p <= 1 || link.bytesPerSec <= 0)
        return 0;
    return (p - 1) * link.latencySec + (p - 1.0) / p * bytesPerRank / link.bytesPerSec;
}

double p2pSec(double bytes, const LinkParams &link)
{
    if (link.bytesPerSec <= 0)
        return 0;
    return link.latencySec + bytes / link.bytesPerSec;
}

double ringAllReduceBytesSent(int p, double bytes)
{
    return p > 1 ? 2.0 * (p - 1) / p * bytes : 0.0;
}

double ringAllGatherBytesSent(int p, double fullBytes)
{
    return p > 1 ? (p - 1.0) / p * fullBytes : 0.0;
}

} // namespace shardscope
