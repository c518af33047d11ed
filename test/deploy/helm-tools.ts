import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where scripts/helm-tools.sh (the "helm" phase of .ci/run) put the chart's tools. A tool that
 * is missing, or another version than the pin, fails the test that needs it, naming the step:
 * a chart check that quietly did not run would pass a broken chart.
 */
export function helmTools() {
  const cache = process.env.PF_CACHE ?? path.join(homedir(), '.cache', 'partner-financing');
  const venv = path.join(cache, 'helm-check-venv');
  const pins = path.join(venv, 'installed.txt');
  const need = (file: string, what: string) => () => {
    if (!existsSync(file)) {
      throw new Error(`${what} not found at ${file}: run scripts/helm-tools.sh (the "helm" phase of .ci/run) first`);
    }
    return file;
  };
  const venvTool = (bin: string) => () => {
    const file = need(path.join(venv, 'bin', bin), bin)();
    const held = existsSync(pins) ? readFileSync(pins, 'utf8').trim() : '';
    if (held !== PYTHON_PINS.join(' ')) {
      throw new Error(`${venv} holds "${held}", not "${PYTHON_PINS.join(' ')}": run scripts/helm-tools.sh`);
    }
    return file;
  };
  return {
    helm: need(process.env.HELM ?? path.join(cache, `helm-${HELM_VERSION}`, 'helm'), `helm ${HELM_VERSION}`),
    kubernetesValidate: venvTool('kubernetes-validate'),
    checkov: venvTool('checkov'),
    kubernetesVersion: KUBERNETES_VERSION,
  };
}

// Pins, the same as scripts/helm-tools.sh's (a test there compares them).
export const HELM_VERSION = 'v3.22.0';
export const PYTHON_PINS = ['kubernetes-validate==1.37.0', 'checkov==3.3.30'];
// the newest Kubernetes minor whose schemas kubernetes-validate bundles at that pin
export const KUBERNETES_VERSION = '1.37.0';
