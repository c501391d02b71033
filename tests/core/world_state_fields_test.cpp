// The saved state is written and read through one field table (kWorldStateFields, world_state.h):
// a member added to WorldState but not to the table would silently be left out of every saved
// state, and a restored run would part from the uninterrupted one. The aggregate's members are
// counted at compile time and must be exactly the table's entries.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "model/model.h"
#include "world/world_state.h"

namespace fw {
namespace {

TEST(WorldStateFields, EveryMemberIsInTheFieldTable) {
  static_assert(kAggregateMembers<StepStats> == 6, "the member count of a plain aggregate");
  EXPECT_EQ(kAggregateMembers<WorldState>, kWorldStateFieldCount)
      << "WorldState has a member that kWorldStateFields does not list (or the reverse): add it to the table, "
         "with a codec for its type in world_state.cpp";
}

TEST(WorldStateFields, EachFieldIsListedOnceByItsOwnName) {
  const Model empty;
  const WorldState state{.motion = {}, .loads = Loads(empty)};
  std::set<std::string> names;
  std::set<const void*> members;
  forEachStateField([&](const auto& field) {
    names.insert(field.name);
    members.insert(&(state.*field.member));
    return true;
  });
  EXPECT_EQ(names.size(), kWorldStateFieldCount) << "two fields share a name";
  EXPECT_EQ(members.size(), kWorldStateFieldCount) << "a member is listed twice";
}

}  // namespace
}  // namespace fw
