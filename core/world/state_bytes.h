#pragma once
// Plain values to bytes and back, for the saved world state (world_state.cpp). Little-endian
// as the machine stores them: x86-64 and wasm32 both are, so a blob moves between fw-sim, Node
// and a browser unchanged. Reading checks every length; a short or damaged blob makes ok false.
#include <Eigen/Core>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace fw {

// Limits of a restored state (docs/security.md) beyond what the scene fixes: its time (a run at the
// largest time step reaches it after 1e13 steps), its counters (a quarter of their type's range, so
// that no increment or sum of two overflows) and its message (the world cuts its own to fit).
inline constexpr double kMaxStateTime = 1e12;  // s
inline constexpr int64_t kMaxStateCount = int64_t(std::numeric_limits<long>::max() / 4);
inline constexpr size_t kMaxStateMessageBytes = 1024;

// A message cut to kMaxStateMessageBytes (at a character boundary, with an ellipsis).
inline std::string capStateMessage(std::string message) {
  if (message.size() <= kMaxStateMessageBytes) return message;
  size_t end = kMaxStateMessageBytes - 3;  // room for "…"
  while (end > 0 && (static_cast<unsigned char>(message[end]) & 0xC0) == 0x80) --end;
  message.resize(end);
  return message + "\xE2\x80\xA6";
}

class ByteWriter {
 public:
  explicit ByteWriter(std::vector<uint8_t>& out) : out_(out) {}

  template <typename T>
  void put(T value) {
    static_assert(std::is_trivially_copyable_v<T>);
    const size_t at = out_.size();
    out_.resize(at + sizeof(T));
    std::memcpy(out_.data() + at, &value, sizeof(T));
  }
  template <typename Derived>
  void putVector(const Eigen::MatrixBase<Derived>& v) {
    put(uint32_t(v.size()));
    for (Eigen::Index k = 0; k < v.size(); ++k) put(double(v(k)));
  }
  template <typename Derived>
  void putFixed(const Eigen::MatrixBase<Derived>& v) {  // a size both sides know (Vec3)
    for (Eigen::Index k = 0; k < v.size(); ++k) put(double(v(k)));
  }
  void putString(const std::string& s) {
    put(uint32_t(s.size()));
    out_.insert(out_.end(), s.begin(), s.end());
  }

 private:
  std::vector<uint8_t>& out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::span<const uint8_t> in) : in_(in) {}

  bool ok() const { return ok_; }
  bool atEnd() const { return at_ == in_.size(); }

  template <typename T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    T value{};
    if (!ok_ || in_.size() - at_ < sizeof(T)) {
      ok_ = false;
      return value;
    }
    std::memcpy(&value, in_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return value;
  }
  // A length that must fit in what is left, each element taking at least `elementBytes`.
  uint32_t getCount(size_t elementBytes) {
    const uint32_t n = get<uint32_t>();
    if (ok_ && uint64_t(n) * elementBytes > in_.size() - at_) ok_ = false;
    return ok_ ? n : 0;
  }
  // A vector whose size the reader expects: anything else is damage.
  void getVector(Eigen::VectorXd& v, Eigen::Index expected) {
    const uint32_t n = getCount(sizeof(double));
    if (!ok_ || n != uint64_t(expected)) {
      ok_ = false;
      return;
    }
    v.resize(n);
    for (uint32_t k = 0; k < n; ++k) v(k) = get<double>();
  }
  template <typename Derived>
  void getFixed(Eigen::MatrixBase<Derived>& v) {
    for (Eigen::Index k = 0; k < v.size(); ++k) v(k) = get<double>();
  }
  std::string getString() {
    const uint32_t n = getCount(1);
    if (!ok_) return {};
    std::string s(reinterpret_cast<const char*>(in_.data() + at_), n);
    at_ += n;
    return s;
  }

 private:
  std::span<const uint8_t> in_;
  size_t at_ = 0;
  bool ok_ = true;
};

// FNV-1a, 64 bits: a fingerprint of a scene's content and a checksum of a blob's payload.
// Not cryptographic: it tells scenes apart and catches damage, it does not stop forgery (a
// forged blob is still checked value by value on restore).
class Fingerprint {
 public:
  void bytes(const void* data, size_t n) {
    const auto* p = static_cast<const uint8_t*>(data);
    for (size_t k = 0; k < n; ++k) hash_ = (hash_ ^ p[k]) * 1099511628211ull;
  }
  template <typename T>
    requires(std::is_arithmetic_v<T> || std::is_enum_v<T>)
  void add(T value) {
    bytes(&value, sizeof(T));
  }
  template <typename Derived>
  void add(const Eigen::MatrixBase<Derived>& m) {
    for (Eigen::Index r = 0; r < m.rows(); ++r)
      for (Eigen::Index c = 0; c < m.cols(); ++c) add(double(m(r, c)));
  }
  void add(const std::string& s) {
    add(uint64_t(s.size()));
    bytes(s.data(), s.size());
  }
  uint64_t value() const { return hash_; }

 private:
  uint64_t hash_ = 14695981039346656037ull;
};

}  // namespace fw
