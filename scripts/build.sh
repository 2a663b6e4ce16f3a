#!/usr/bin/env bash
# `npm run build`: the service compiled to dist/ (tsc, tsconfig.build.json), and the workflow code bundled
# once, from the same sources, into dist/workflow-bundle.js, which the compiled worker loads
# (worker/workflowBundle.ts). `npm start` and `npm run worker` run what this writes.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
npx tsc -p tsconfig.build.json
node dist/worker/bundleWorkflows.js "$PWD/workflows/index.ts" dist/workflow-bundle.js
