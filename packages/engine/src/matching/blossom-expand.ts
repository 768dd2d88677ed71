/**
 * Expanding a blossom of the blossom algorithm (van Rantwijk's expandBlossom): its children become
 * top-level again; when a T-blossom is expanded mid-stage, the children on the even path from its
 * entry to its base are relabelled so that the alternating tree stays valid.
 */

import type { BlossomState } from './blossom-state.ts';

/** Expands blossom b; `endStage` also expands zero-dual sub-blossoms recursively (no relabelling). */
export function expandBlossom(s: BlossomState, b: number, endStage: boolean): void {
  const n = s.n;
  const childs = s.blossomChilds[b]!;
  const scratch: number[] = [];
  for (const child of childs) {
    s.blossomParent[child] = -1;
    if (child < n) {
      s.inBlossom[child] = child;
    } else if (endStage && s.dual[child] === 0) {
      expandBlossom(s, child, endStage);
    } else {
      for (const v of s.leaves(child, scratch)) s.inBlossom[v] = child;
    }
  }
  if (!endStage && s.label[b] === 2) relabelExpandedTBlossom(s, b, childs);
  s.label[b] = -1;
  s.labelEnd[b] = -1;
  s.blossomChilds[b] = undefined;
  s.blossomEndps[b] = undefined;
  s.blossomBase[b] = -1;
  s.blossomBestEdges[b] = undefined;
  s.bestEdge[b] = -1;
  s.unusedBlossoms.push(b);
}

function relabelExpandedTBlossom(s: BlossomState, b: number, childs: number[]): void {
  const { endpoint, label, labelEnd, inBlossom } = s;
  const endps = s.blossomEndps[b]!;
  // The child through which the blossom was reached; walk from it to the base on the even side.
  const entryChild = inBlossom[endpoint[labelEnd[b]! ^ 1]!]!;
  let j = childs.indexOf(entryChild);
  let jStep: number;
  let endpTrick: number;
  if ((j & 1) !== 0) {
    j -= childs.length;
    jStep = 1;
    endpTrick = 0;
  } else {
    jStep = -1;
    endpTrick = 1;
  }
  let p = labelEnd[b]!;
  while (j !== 0) {
    label[endpoint[p ^ 1]!] = 0;
    label[endpoint[endps.at(j - endpTrick)! ^ endpTrick ^ 1]!] = 0;
    s.assignLabel(endpoint[p ^ 1]!, 2, p);
    s.allowEdge[endps.at(j - endpTrick)! >> 1] = 1;
    j += jStep;
    p = endps.at(j - endpTrick)! ^ endpTrick;
    s.allowEdge[p >> 1] = 1;
    j += jStep;
  }
  // The base child becomes T without touching its mate, which is already S.
  const baseChild = childs.at(j)!;
  label[endpoint[p ^ 1]!] = 2;
  label[baseChild] = 2;
  labelEnd[endpoint[p ^ 1]!] = p;
  labelEnd[baseChild] = p;
  s.bestEdge[baseChild] = -1;
  j += jStep;
  const scratch: number[] = [];
  // Children on the odd side lose their labels, unless reached from outside by a tight edge.
  while (childs.at(j) !== entryChild) {
    const bv = childs.at(j)!;
    if (label[bv] === 1) {
      j += jStep;
      continue;
    }
    let reached = -1;
    for (const v of s.leaves(bv, scratch)) {
      if (label[v] !== 0) {
        reached = v;
        break;
      }
    }
    if (reached !== -1) {
      label[reached] = 0;
      label[endpoint[s.mate[s.blossomBase[bv]!]!]!] = 0;
      s.assignLabel(reached, 2, labelEnd[reached]!);
    }
    j += jStep;
  }
}
