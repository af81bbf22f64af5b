// Which decisions a readiness test asks (site/assets/readiness.js): a pure function, run in node by
// tests/test_readiness_draw.py. Each decision's group (its game and moment: the auction, the discard,
// the raise, the gift, the opening lead, card play) is the build's (sitebuild/readiness.py); the
// draw only mixes them, it judges nothing.

function shuffled(list, random) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// `groups`: {id: group} of the whole bank; `results`: the tests taken, oldest first ({ids}).
// Decisions not in the last test first (a retake draws others), then the least recently seen; one of
// each group the bank holds comes first, where the group has one that was not in the last test, so
// that no test is all card play. The decisions chosen are asked in a random order.
export function draw(groups, results, questions, random = Math.random) {
  const lastSeen = new Map();
  results.forEach((r, n) => r.ids.forEach((id) => lastSeen.set(id, n + 1)));
  const last = results.length;
  const seen = (id) => lastSeen.get(id) || 0;
  const order = shuffled(Object.keys(groups), random).sort((a, b) => seen(a) - seen(b));
  const chosen = [];
  const covered = new Set();
  for (const id of order) {
    if (!covered.has(groups[id]) && (last === 0 || seen(id) < last)) {
      covered.add(groups[id]);
      chosen.push(id);
    }
  }
  const one = shuffled(chosen, random).slice(0, questions);
  const rest = order.filter((id) => !one.includes(id)).slice(0, questions - one.length);
  return shuffled([...one, ...rest], random);
}
