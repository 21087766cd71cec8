#pragma once
#include "core/model/gpuspec.h"
#include "core/model/plan.h"

namespace shardscope {

// The link a group of GPUs talks over (docs/DESIGN.md §4): the scale-up link inside the domain
// (NVLink, xGMI, a bridge), PCIe inside a node but beyond the domain, the NIC across nodes.
// Ordered from fastest to slowest so that max() picks the bottleneck of a group.
enum class LinkKind { None, ScaleUp, Pcie, Nic };
const char *linkKindName(LinkKind k); // "none", "scaleup", "pcie", "nic"

// α-β inputs of one link (docs/DESIGN.md §D.1): T(S) = α + S / B per message.
struct LinkParams
{
    LinkKind kind = LinkKind::None;
    double latencySec = 0; // α, per message / ring step
    double bytesPerSec = 0; // effective B per GPU per direction (= line rate x efficiency)
    double lineBytesPerSec = 0; // the preset's line rate
    double efficiency = 1; // achievable fraction of the line rate
    bool overridden = false; // α or B came from the plan, not the preset
};

struct LinkSet
{
    LinkParams scaleUp;
    LinkParams pcie;
    LinkParams nic;
    const LinkParams &operator[](LinkKind k) const;
};

// The GPU preset's links with the plan's overrides applied.
// Scale-up: α = scaleup_latency_us, B = scaleup_gbps_per_dir x scaleup_efficiency.
// PCIe: α as the scale-up link (NCCL's intra-node PCI hop latency, 1.0 us LL, is of the same order as
// NVLink's 0.6 us, docs/DESIGN.md §D.3), B = pcie_gbps_per_dir x scaleup_efficiency (the
// reference gives no PCIe measurement; the same protocol-overhead fraction is assumed).
// NIC: α = nic_latency_us, B = NIC line rate x nic_efficiency.
LinkSet resolveLinks(const Plan &plan, const GpuSpec &gpu);

// Where the ranks sit: nodes of gpusPerNode consecutive ranks; scale-up domains of scaleupDomain
// consecutive ranks inside a node, or spanning whole nodes when the domain is larger than a node
// (GB200 NVL72: 72 GPUs over 18 trays of 4).
struct Topology
{
    int gpusPerNode = 8;
    int scaleupDomain = 8;
    bool domainSpansNodes = false; // rack-scale NVLink: the domain holds several nodes
    int nodeOf(int rank) const { return gpusPerNode > 0 ? rank / gpusPerNode : 0; }
    int domainOf(int rank) const;
    // The link two ranks use: scale-up when they share a domain (of more than one GPU), PCIe when
    // they share a node, the NIC otherwise.
    LinkKind between(int a, int b) const;
};

// A domain spans nodes only on rack-scale systems whose preset domain exceeds its own node size
// (GB200: 72 > 4); otherwise it stays inside a node, whatever --gpus-per-node says.
Topology makeTopology(int gpusPerNode, const GpuSpec &gpu);

// Ring and pairwise collectives on one link (docs/DESIGN.md §D.1-2; p ranks, S bytes):
// AllReduce (ring)        2(p-1)·α + 2(p-1)/p · S/B     S = the buffer on each rank
// AllGather/ReduceScatter (p-1)·α  + (p-1)/p · S/B      S = the full, gathered buffer
// All-to-all (pairwise)   (p-1)·α  + (p-1)/p · S/B      S = everything one rank sends, own share included
// Point-to-point          α + S/B
double ringAllReduceSec(int p, double bytes, const LinkParams &link);
double ringAllGatherSec(int p, double fullBytes, const LinkParams &link);
double allToAllSec(int p, double bytesPerRank, const LinkParams &link);
double p2pSec(double bytes, const LinkParams &link);

// Bytes one rank sends: ring AllReduce 2(p-1)/p · S; AllGather/ReduceScatter (p-1)/p · S.
double ringAllReduceBytesSent(int p, double bytes);
double ringAllGatherBytesSent(int p, double fullBytes);

} // namespace shardscope
