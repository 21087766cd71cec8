#include "core/model/gpuspec.h"

#include "core/model/errors.h"
#include "core/model/jsonlimits.h"
#include "core/model/plan.h"
#include "core/text/units.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace shardscope {

using nlohmann::json;

namespace {

std::string rangeText(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

double readNumber(
    const json &j, const char *key, double fallback, double minValue, double maxValue, bool required = false)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null()) {
        if (required)
            throw InputError(std::string("GPU file is missing \"") + key + "\"");
        return fallback;
    }
    if (!it->is_number())
        throw InputError(std::string("GPU field \"") + key + "\" must be a number");
    const double v = it->get<double>();
    if (!std::isfinite(v) || v < minValue || v > maxValue)
        throw InputError(std::string("GPU field \"") + key + "\" = " + it->dump() + " is out of range ["
            + rangeText(minValue) + ", " + rangeText(maxValue) + "]");
    return v;
}

// A GPU count: whole, 1 to 65536 (more GPUs than a plan may use is not a node size).
int readCount(const json &j, const char *key, int fallback)
{
    const double v = readNumber(j, key, fallback, 1, kMaxWorldSize);
    if (v != std::floor(v))
        throw InputError(std::string("GPU field \"") + key + "\" = " + j.at(key).dump() + " must be a whole number");
    return static_cast<int>(v);
}

std::string readString(const json &j, const char *key)
{
    const auto it = j.find(key);
    return (it != j.end() && it->is_string()) ? it->get<std::string>() : std::string();
}

std::vector<std::string> readStrings(const json &j, const char *key)
{
    std::vector<std::string> out;
    if (const auto it = j.find(key); it != j.end() && it->is_array())
        for (const auto &e : *it)
            if (e.is_string())
                out.push_back(e.get<std::string>());
    return out;
}

} // namespace

double GpuSpec::visibleBytes() const
{
    // H100: nvidia-smi 81559 MiB, torch 79.18 GiB; the gap (~0.47 GiB) is driver-reserved memory.
    return cudaTotalBytes > 0 ? cudaTotalBytes : memoryBytes - 0.47 * GiB;
}

int cudaComputeCapability(const GpuSpec &gpu)
{
    const size_t at = gpu.arch.find("sm_");
    if (at == std::string::npos)
        return 0;
    int cc = 0;
    for (size_t i = at + 3; i < gpu.arch.size() && i < at + 6 && gpu.arch[i] >= '0' && gpu.arch[i] <= '9'; ++i)
        cc = cc * 10 + (gpu.arch[i] - '0');
    return cc;
}

GpuSpec gpuFromJson(const json &j, const std::string &fallbackId)
{
    if (!j.is_object())
        throw InputError("GPU file must be a JSON object");
    GpuSpec g;
    g.id = readString(j, "id");
    if (g.id.empty())
        g.id = fallbackId;
    g.name = readString(j, "name");
    if (g.name.empty())
        g.name = g.id;
    g.vendor = readString(j, "vendor");
    g.arch = readString(j, "arch");
    const double mib = readNumber(j, "memory_mib", 0, 1, 1e9, true);
    g.memoryBytes = mib * MiB;
    g.cudaTotalBytes = readNumber(j, "cuda_total_gib", 0, 0, 1e6) * GiB;
    if (g.cudaTotalBytes > g.memoryBytes)
        throw InputError("GPU field \"cuda_total_gib\" exceeds \"memory_mib\"");
    g.hbmBytesPerSec = readNumber(j, "hbm_tbps", 0, 1e-3, 1e4, true) * 1e12;
    g.bf16Flops = readNumber(j, "bf16_tflops", 0, 1e-3, 1e7, true) * 1e12;
    g.fp8Flops = readNumber(j, "fp8_tflops", 0, 0, 1e7) * 1e12;
    g.fp4Flops = readNumber(j, "fp4_tflops", 0, 0, 1e7) * 1e12;
    g.scaleupLink = readString(j, "scaleup_link");
    requireOneLine("GPU field \"id\" (or the file name)", g.id);
    requireOneLine("GPU field \"name\"", g.name);
    requireOneLine("GPU field \"scaleup_link\"", g.scaleupLink);
    g.scaleupBytesPerSec = readNumber(j, "scaleup_gbps_per_dir", 0, 1e-3, 1e6, true) * 1e9;
    g.perPeerBytesPerSec = readNumber(j, "per_peer_gbps_per_dir", g.scaleupBytesPerSec / 1e9, 1e-3, 1e6) * 1e9;
    g.scaleupDomain = readCount(j, "scaleup_domain", 1);
    g.gpusPerNode = readCount(j, "gpus_per_node", 8);
    // 0 means "no standard NIC"; such cards fall back to 100 Gb/s Ethernet across nodes.
    const double nicGbit = readNumber(j, "nic_gbit_per_gpu", 0, 0, 1e6);
    g.nicBytesPerSec = (nicGbit > 0 ? nicGbit : 100.0) * 1e9 / 8.0;
    g.pcieBytesPerSec = readNumber(j, "pcie_gbps_per_dir", 0, 0, 1e6) * 1e9;
    // Defaults from docs/DESIGN.md §D: NVLink4 delivers ~370 of 450 GB/s (0.82); a 400 Gb/s NDR NIC
    // ~46-48 of 50 GB/s (0.94). NCCL's small-message ring step on NVLink is ~1 us (15 us for 14 steps
    // on 8 GPUs); network steps are costlier (~5 us: NCCL's NET ring/tree hop latency is 2.7-5 us LL).
    // Presets set their own where the reference gives a figure: H800 0.8 (DeepEP reaches ~160 of its
    // 200 GB/s NVLink), PCIe-only cards 1.5 us per step (NCCL's PCI ring: 6.6 + 14 x 1.0 = 20.6 us
    // for 14 steps on 8 GPUs, docs/DESIGN.md §D.3).
    g.scaleupEfficiency = readNumber(j, "scaleup_efficiency", 0.82, 0.01, 1);
    g.nicEfficiency = readNumber(j, "nic_efficiency", 0.94, 0.01, 1);
    g.scaleupLatencySec = readNumber(j, "scaleup_latency_us", 1.0, 0, 1e6) * 1e-6;
    g.nicLatencySec = readNumber(j, "nic_latency_us", 5.0, 0, 1e6) * 1e-6;
    g.uncertain = readStrings(j, "uncertain");
    g.sources = readStrings(j, "sources");
    g.notes = readString(j, "notes");
    return g;
}

GpuSpec gpuFromJsonText(const std::string &text, const std::string &fallbackId)
{
    requireShallowJson(text, "GPU file");
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception &e) {
        // Not only parse_error: a number too large for a double ("1e400") throws out_of_range.
        throw InputError(std::string("GPU file is not valid JSON: ") + e.what());
    }
    return gpuFromJson(j, fallbackId);
}

} // namespace shardscope
