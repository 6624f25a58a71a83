// The policy module's public surface (contract §5). Pure: it reads files when asked and holds no
// global state; the gateway keeps the current LoadedPolicy and swaps it on gateway.refresh.
export { loadPolicy, POLICY_NEXT_STEP } from './load';
export { FAIL_CLOSED_GATEWAY_TOOLS } from './decisions';
export { REDACTED } from '../redaction/marker';
export { compileGlob } from './glob';
export { compileCustomPattern } from '../redaction/custom-pattern';
export { resourceUriReadings, sameResourceUri } from './resource-uri';
export { DEFAULT_LIMITS } from './types';
export type {
  GatewayToolsProfile,
  LoadedPolicy,
  LoadPolicyOptions,
  OutputBudget,
  PolicyDecision,
  PolicyError,
  PolicyIssue,
  PolicyLimits,
  PolicySource,
  PolicySourceKind,
} from './types';
export { policyDiagnostics, type PolicyDiagnostics } from './diagnostics';
