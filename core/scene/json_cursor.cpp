#include "scene/json_cursor.h"

#include <cmath>
#include <cstdio>

namespace fw {
namespace {
const char* typeName(const nlohmann::json& v) {
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_boolean()) return "a boolean";
  if (v.is_array()) return "an array";
  if (v.is_object()) return "an object";
  return "null";
}
}  // namespace

std::string escapePointerToken(std::string_view token) {
  std::string out;
  for (char c : token) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

std::string quoteInput(std::string_view text, size_t limit) {
  auto byte = [&](size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0u; };
  std::string out = "\"";
  size_t characters = 0;
  char escaped[16];
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned c = byte(i);
    const bool continuation = (c & 0xC0) == 0x80;
    if (!continuation && characters++ == limit) {
      out += "…";
      break;
    }
    // Bidirectional controls U+200E/F, U+202A–E, U+2066–9: E2 80 8E/8F, E2 80 AA–AE, E2 81 A6–A9.
    const unsigned b1 = byte(i + 1), b2 = byte(i + 2);
    const bool bidi = c == 0xE2 && ((b1 == 0x80 && (b2 == 0x8E || b2 == 0x8F || (b2 >= 0xAA && b2 <= 0xAE))) ||
                                    (b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9));
    if (bidi) {
      std::snprintf(escaped, sizeof escaped, "\\u%04X", 0x2000u + ((b1 & 0x3Fu) << 6) + (b2 & 0x3Fu));
      out += escaped;
      i += 2;
    } else if (c < 0x20 || c == 0x7F) {
      std::snprintf(escaped, sizeof escaped, "\\u%04X", c);
      out += escaped;
    } else if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

void JsonCursor::expectObject() const {
  if (!value_.is_object()) fail(std::string("expected an object, got ") + typeName(value_));
}

bool JsonCursor::has(std::string_view key) const {
  expectObject();
  return value_.contains(key);
}

JsonCursor JsonCursor::operator[](std::string_view key) const {
  expectObject();
  const std::string childPath = path_ + "/" + escapePointerToken(key);
  auto it = value_.find(key);
  if (it == value_.end()) throw SceneError(childPath, "required field is missing");
  return JsonCursor(*it, childPath);
}

size_t JsonCursor::size() const {
  if (!value_.is_array()) fail(std::string("expected an array, got ") + typeName(value_));
  return value_.size();
}

JsonCursor JsonCursor::operator[](size_t index) const {
  if (index >= size()) fail("index " + std::to_string(index) + " out of range");
  return JsonCursor(value_[index], path_ + "/" + std::to_string(index));
}

void JsonCursor::allowOnly(std::initializer_list<std::string_view> known) const {
  expectObject();
  for (auto it = value_.begin(); it != value_.end(); ++it) {
    bool ok = false;
    for (std::string_view k : known) ok = ok || k == it.key();
    if (!ok) {
      std::string list;
      for (std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
      throw SceneError(path_ + "/" + escapePointerToken(it.key()),
                       "unknown field (expected one of: " + list + ")");
    }
  }
}

void JsonCursor::rejectIfPresent(std::string_view key, std::string_view why) const {
  if (has(key)) (*this)[key].fail("not supported yet: " + std::string(why));
}

double JsonCursor::number() const {
  if (!value_.is_number()) fail(std::string("expected a number, got ") + typeName(value_));
  const double x = value_.get<double>();
  if (!std::isfinite(x)) fail("expected a finite number");
  if (std::abs(x) > kMaxSceneNumber) fail("numbers in a scene lie within ±1e15, got " + nlohmann::json(x).dump());
  return x;
}

long long JsonCursor::integer(long long lo, long long hi) const {
  const std::string range = "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
  if (!value_.is_number_integer()) fail(range + ", got " + (value_.is_number() ? nlohmann::json(value_).dump() : typeName(value_)));
  if (value_.is_number_unsigned()) {
    const auto u = value_.get<unsigned long long>();
    // (nlohmann reads every non-negative integer as unsigned: the lower bound applies here too.)
    if (hi < 0 || u > static_cast<unsigned long long>(hi) || (lo > 0 && u < static_cast<unsigned long long>(lo)))
      fail(range + ", got " + std::to_string(u));
    return static_cast<long long>(u);
  }
  const auto n = value_.get<long long>();
  if (n < lo || n > hi) fail(range + ", got " + std::to_string(n));
  return n;
}

double JsonCursor::number(std::string_view key, double fallback) const {
  return has(key) ? (*this)[key].number() : fallback;
}

double JsonCursor::positiveNumber() const {
  const double x = number();
  if (!(x > 0)) fail("must be positive, got " + nlohmann::json(x).dump());
  return x;
}

double JsonCursor::nonNegativeNumber() const {
  const double x = number();
  if (x < 0) fail("must not be negative, got " + nlohmann::json(x).dump());
  return x;
}

std::string JsonCursor::string() const {
  if (!value_.is_string()) fail(std::string("expected a string, got ") + typeName(value_));
  return value_.get<std::string>();
}

std::string JsonCursor::string(std::string_view key, const std::string& fallback) const {
  return has(key) ? (*this)[key].string() : fallback;
}

bool JsonCursor::boolean(std::string_view key, bool fallback) const {
  if (!has(key)) return fallback;
  const JsonCursor c = (*this)[key];
  if (!c.value_.is_boolean()) c.fail(std::string("expected true or false, got ") + typeName(c.value_));
  return c.value_.get<bool>();
}

Eigen::Vector3d JsonCursor::vector3() const {
  if (!value_.is_array() || value_.size() != 3) {
    if (value_.is_array()) fail("expected 3 numbers, got " + std::to_string(value_.size()));
    fail(std::string("expected 3 numbers, got ") + typeName(value_));
  }
  return {(*this)[size_t{0}].number(), (*this)[size_t{1}].number(), (*this)[size_t{2}].number()};
}

std::string JsonCursor::oneOf(std::initializer_list<std::string_view> choices) const {
  const std::string s = string();
  std::string list;
  for (std::string_view c : choices) {
    if (c == s) return s;
    list += (list.empty() ? "\"" : ", \"") + std::string(c) + "\"";
  }
  fail(quoteInput(s) + " is not one of " + list);
}

}  // namespace fw
