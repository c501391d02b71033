#pragma once
// Reads a JSON value while remembering where it is (a JSON Pointer, RFC 6901), so that every
// complaint names its place: "/articulations/0/links/2/joint/axis: expected 3 numbers, got 2".
#include <Eigen/Core>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace fw {

// A problem with a scene, located by JSON Pointer ("" for the whole document).
class SceneError : public std::runtime_error {
 public:
  SceneError(std::string path, const std::string& message)
      : std::runtime_error((path.empty() ? std::string("/") : path) + ": " + message),
        path_(std::move(path)) {}
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

class JsonCursor {
 public:
  JsonCursor(const nlohmann::json& value, std::string path) : value_(value), path_(std::move(path)) {}

  const nlohmann::json& value() const { return value_; }
  const std::string& path() const { return path_; }

  [[noreturn]] void fail(const std::string& message) const { throw SceneError(path_, message); }

  bool has(std::string_view key) const;
  JsonCursor operator[](std::string_view key) const;  // the member must exist
  JsonCursor operator[](size_t index) const;         // the element must exist
  size_t size() const;                                // of an array (checked)

  // Every member must be one of `known`: a misspelt field is an error, not a silent default.
  void expectObject() const;
  void allowOnly(std::initializer_list<std::string_view> known) const;
  // A field the format defines but this build cannot honour yet.
  void rejectIfPresent(std::string_view key, std::string_view why) const;

  // Every number of a scene is finite and within ±kMaxSceneNumber (docs/security.md); tighter
  // ranges are checked where the quantity is known.
  double number() const;
  double number(std::string_view key, double fallback) const;
  double positiveNumber() const;
  double nonNegativeNumber() const;
  std::string string() const;
  std::string string(std::string_view key, const std::string& fallback) const;
  bool boolean(std::string_view key, bool fallback) const;
  Eigen::Vector3d vector3() const;
  std::string oneOf(std::initializer_list<std::string_view> choices) const;
  // A whole number in [lo, hi], range-checked as a 64-bit integer (4294967297 is not 1).
  long long integer(long long lo, long long hi) const;

 private:
  const nlohmann::json& value_;
  std::string path_;
};

// The largest magnitude of any number in a scene: beyond it products of lengths, masses and
// speeds overflow or lose every digit.
constexpr double kMaxSceneNumber = 1e15;

// JSON Pointer escaping of one reference token: '~' → "~0", '/' → "~1".
std::string escapePointerToken(std::string_view token);

// A string from the input, fit to be echoed in a message: in quotes, control and bidirectional
// formatting characters escaped, cut at `limit` characters with an ellipsis.
std::string quoteInput(std::string_view text, size_t limit = 60);

}  // namespace fw
