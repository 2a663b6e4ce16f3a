// The bare-shape worker's workflow bundle: round 4's shape (./workflows, which follows the real workflow)
// and round 3's frozen one (./round3), so one run measures both on the same machine.
export * from './workflows';
export * from './round3';
