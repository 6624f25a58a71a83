// The PATH walk lives in common/ now (the CLI's own launch command needs it too); kept here for its importers.
export { findExecutable } from '../common/find-executable';
