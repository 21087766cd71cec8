#pragma once
#include "core/model/calibrationprofile.h"
#include "core/model/vllmversion.h"

#include <cstdint>
#include <string>
#include <vector>

namespace shardscope {

// textbook: the course's uniform split (docs/DESIGN.md §3, §F.0): params x bytes / (tp x pp), a fixed reserve, no
// blocks. vllm: what vLLM's V1 engine allocates, per rank, minimum over ranks.
enum class Accounting { Textbook, Vllm };
enum class ExpertPlacement { Linear, RoundRobin };
enum class KvDtype { Auto, Fp8 };
// auto: as the checkpoint ships (quantization_config); the others are what-if overrides.
enum class Quantization { Auto, None, Fp8, Mxfp4, Awq, Gptq };
enum class Phase { Decode, Prefill };
// --enable-prefix-caching / --no-enable-prefix-caching; Default follows the release (vllmversion.h).
enum class PrefixCaching { Default, On, Off };
// --moe-backend (vLLM >= 0.17) / VLLM_MXFP4_USE_MARLIN=1 (0.10.1 - 0.23): auto, or Marlin for quantized experts.
enum class MoeBackend { Auto, Marlin };
// Disaggregated prefill/decode (issue #18 §2): one pool of instances runs the prompts, another the
// decodes, and each request's KV cache moves from the first to the second.
enum class ServingMode { Aggregated, Disaggregated };
// The link the KV cache crosses from a prefill to a decode GPU: the NIC (another node), the scale-up
// domain (NVLink / xGMI, the same NVL72 rack or HGX board), or the same node without the scale-up link
// (PCIe). Its α-β come from the prefill GPU's preset (core/evaluate/links.h).
enum class KvTransferLink { Nic, ScaleUp, Node };
// vLLM's KV connector for disaggregated serving; NixlConnector is the one vLLM's usage guide
// (docs/features/nixl_connector_usage.md) documents for multi-instance xPyD. Others may follow.
enum class KvConnector { Nixl };

// One pool of a disaggregated plan: `instances` identical vLLM servers of tp x pp x dp GPUs each.
// Everything else (model, batch defaults, dtypes, vLLM version) is the plan's.
struct PoolPlan
{
    int tp = 1;
    int pp = 1;
    int dp = 1;
    int ep = 1;
    std::string gpuId; // "": the plan's GPU
    int instances = 1;
    std::int64_t maxNumSeqs = 0; // 0: the plan's
    std::int64_t maxNumBatchedTokens = 0; // 0: the plan's
    bool operator==(const PoolPlan &) const = default;
};

// Every input of one evaluation. Plain value; 0 in an optional field means "vLLM's default".
struct Plan
{
    std::string modelId;
    std::string gpuId;

    int tp = 1;
    int pp = 1;
    int dp = 1;
    int ep = 1; // expert-parallel size; vLLM's --enable-expert-parallel means tp x dp
    int gpusPerNode = 0; // 0: the GPU preset's value

    double gpuMemoryUtilization = 0; // 0: the version's default (0.9 before vLLM 0.21, 0.92 from 0.21)
    std::int64_t maxModelLen = 0; // 0: the model's max_position_embeddings
    std::int64_t maxNumSeqs = 0; // 0: vLLM default (1024 on >= 70 GiB non-A100 GPUs, else 256)
    std::int64_t maxNumBatchedTokens = 0; // 0: vLLM default (8192 on >= 70 GiB non-A100 GPUs, else 2048)
    KvDtype kvCacheDtype = KvDtype::Auto;
    Quantization quantization = Quantization::Auto;
    int blockSize = 16;
    double gpuMemoryBytes = 0; // overrides the GPU's total memory when > 0

    Accounting accounting = Accounting::Vllm;
    double reservedBytes = 4.0 * 1024 * 1024 * 1024; // textbook only: activations, graphs, buffers
    double paramsOverride = 0; // textbook only: parameter count to split (0: computed from the config)

    ExpertPlacement expertPlacement = ExpertPlacement::Linear;
    int redundantExperts = 0; // EPLB extra physical experts per MoE layer
    std::vector<int> ppPartition; // custom layers per stage (VLLM_PP_LAYER_PARTITION); empty: vLLM's split
    bool enforceEager = false;
    // V1's sampler on FlashInfer's top-k/top-p kernel (VLLM_USE_FLASHINFER_SAMPLER=1; vLLM prints "Using
    // FlashInfer for top-p & top-k sampling."): no full sort of the logits, fewer buffers at the profiling
    // run's peak (profilerun.h). false: the release's default path as the sampler term is fitted.
    bool flashinferSampler = false;
    // --disable-custom-all-reduce: TP all-reduces through NCCL only (no custom all-reduce IPC buffers; NCCL's
    // latency floor per all-reduce). vLLM also turns it off by itself across nodes and on PCIe-only GPUs.
    bool disableCustomAllReduce = false;
    // The experts' kernel: vLLM's choice for the GPU, or Marlin (weight-only, any CUDA GPU from compute
    // capability 8.0), whose MXFP4 layout pads differently from Hopper's Triton one (weights.h).
    MoeBackend moeBackend = MoeBackend::Auto;
    // Multimodal checkpoints: --language-model-only builds no vision tower (text-only serving);
    // --mm-encoder-tp-mode data replicates it on every TP rank instead of sharding it ("weights").
    bool languageModelOnly = false;
    bool mmEncoderTpData = false;
    // --skip-mm-profiling: the profiling run leaves the multimodal encoder out (encoderprofile.h).
    bool skipMmProfiling = false;

    // Fidelity to a vLLM release (docs/DESIGN.md §B).
    VllmVersion vllmVersion; // unset: the newest release the tool knows
    int decodeContextParallel = 1; // --decode-context-parallel-size: shards KV tokens over this many TP ranks
    // --prefill-context-parallel-size: more ranks (world = tp x pp x pcp), the same weights on each; divides
    // per-request KV only before vLLM 0.26 (vllmversion.h kPcpKeepsKv).
    int prefillContextParallel = 1;
    double mmIpcGpuMemoryGb = 0; // --mm-ipc-gpu-memory-gb: carved out of the KV budget (vLLM >= 0.25)
    std::int64_t kvCacheMemoryBytes = 0; // --kv-cache-memory-bytes: fixed KV bytes per GPU, utilization ignored
    int speculativeLayers = 0; // EAGLE / MTP draft layers: add KV layers (and weights) on the last stage
    // --speculative-config's num_speculative_tokens: a hybrid model's state layers keep that many more conv
    // rows and state blocks per request (vLLM MambaSpec num_speculative_blocks; kvcache.h MambaCacheSettings).
    int numSpeculativeTokens = 0;
    PrefixCaching prefixCaching = PrefixCaching::Default;
    CalibrationProfile calibration; // overheads fitted to a real log; inactive: estimated

    // Communication and time inputs.
    Phase phase = Phase::Decode;
    std::int64_t batch = 1; // decode: sequences decoding together (one token each)
    std::int64_t promptLen = 4096; // prefill: prompt tokens processed in the step
    int microbatches = 1; // PP micro-batches in flight
    double routingSkew = 1.0; // hottest expert receives this many times its fair share
    bool fp8Dispatch = false; // EP dispatch in FP8 (DeepEP style); combine stays BF16
    // What-if overrides of the α-β and roofline inputs; a negative value means "the GPU preset's".
    // Bandwidths are effective (efficiency already applied), bytes per second per GPU per direction.
    double scaleupLatencySec = -1; // α per step on the scale-up link (also used for PCIe)
    double scaleupBytesPerSec = -1;
    double pcieBytesPerSec = -1;
    double nicLatencySec = -1;
    double nicBytesPerSec = -1;
    double hbmEfficiency = -1; // achievable fraction of peak HBM bandwidth
    double computeEfficiency = -1; // achievable fraction of peak dense FLOPS

    // Disaggregated prefill/decode. Aggregated (the default) ignores the pools; disaggregated serves
    // with `prefill` and `decode` instead of tp/pp/dp/ep above (poolPlan() builds each pool's plan).
    ServingMode servingMode = ServingMode::Aggregated;
    PoolPlan prefill;
    PoolPlan decode;
    KvTransferLink kvTransferLink = KvTransferLink::Nic;
    KvConnector kvConnector = KvConnector::Nixl;

    bool operator==(const Plan &) const = default;
};

const char *accountingName(Accounting a);
const char *quantizationName(Quantization q);
const char *kvDtypeName(KvDtype k);
const char *expertPlacementName(ExpertPlacement p);
const char *moeBackendName(MoeBackend b); // "auto", "marlin"
const char *phaseName(Phase p);
const char *servingModeName(ServingMode m); // "aggregated", "disaggregated"
const char *kvTransferLinkName(KvTransferLink l); // "nic", "scaleup", "node"
const char *kvConnectorName(KvConnector c); // vLLM's class name: "NixlConnector"

enum class Pool { Prefill, Decode };
const char *poolName(Pool p); // "prefill", "decode"
// One pool's vLLM server as an aggregated plan: the plan with the pool's sizes, GPU and batch settings.
Plan poolPlan(const Plan &plan, Pool pool);
// The inverse of poolPlan for an edit: `view` is poolPlan(whole, pool) changed by the user (a slider, a
// GPU, a batch setting); the result is `whole` with that pool's sizes, GPU and batch settings taken from
// `view` and every shared setting (model, dtypes, lengths, links, ...) from `view` as well. The other
// pool, the instance counts and the plan's own sizes are kept. A pool setting equal to the plan's is
// stored as "the plan's" (gpu "", batch 0), as poolPlanFromJson reads it.
Plan withPoolEdited(const Plan &whole, Pool pool, const Plan &view);
// GPUs of one pool: instances x tp x pp x dp (x pcp).
std::int64_t poolGpus(const Plan &plan, Pool pool);

// Bandwidth overrides (flags, plan files), bytes per second: 1 MB/s to 1 PB/s. Beyond either end a
// step's time rounds to 0 or overflows to inf (1e-300 B/s printed "inf").
inline constexpr double kMinBandwidth = 1e6;
inline constexpr double kMaxBandwidth = 1e15;

// Largest world size evaluate() accepts; beyond it the plan is rejected with a message.
inline constexpr int kMaxWorldSize = 1 << 16;

// tp x pp x dp (x pcp: prefill context parallel adds ranks), in 64 bits: each size may be up to 2^20 and their
// product overflows int.
inline std::int64_t worldSize(const Plan &p)
{
    const std::int64_t w = std::int64_t(p.tp) * p.pp * p.dp; // at most 2^60
    const int pcp = p.prefillContextParallel > 1 ? p.prefillContextParallel : 1;
    return w > (std::int64_t(1) << 40) ? w : w * pcp; // saturates above 2^40 (refused far below that)
}

// Where a plan enters (flags, a plan file, an imported command): refuses more than kMaxWorldSize
// GPUs before anything multiplies the sizes in int (ep = tp x dp wrapped to 0 at 65536 x 65536).
// Throws InputError "<what>: tp x pp x dp = N GPUs is more than the 65536 this planner evaluates".
void checkWorldSize(const Plan &p, const std::string &what);

} // namespace shardscope
