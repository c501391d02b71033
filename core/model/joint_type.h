#pragma once
// One vocabulary of joints for the whole core: the joints of a tree (reduced coordinates,
// model/joint.h) and the joints held by impulses (constraints/impulse_joint.h) name their kinds
// alike, and a scene names them alike (the scene's aliases hinge, slider and ball are read as
// revolute, prismatic and spherical; scene/scene_vocabulary.h).

namespace fw {

// What each kind leaves free between its two sides: revolute, one rotation about its axis (a
// hinge); prismatic, one translation along it (a slider); spherical, every rotation about a
// point (a ball joint); universal, the rotations about two perpendicular axes; free, all six
// motions; fixed, none. A tree's joints are every kind but universal; impulse joints every kind
// but free (an impulse joint that holds nothing is no joint).
enum class JointType { Fixed, Revolute, Prismatic, Spherical, Free, Universal };

}  // namespace fw
