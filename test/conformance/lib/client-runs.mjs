// Client scenarios: placeholder until the harness lands.
export async function runClientSide() {
  return null;
}
