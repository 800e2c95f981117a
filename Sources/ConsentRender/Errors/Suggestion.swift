/// The candidate nearest to `word` by edit distance, when it is near enough to be a typo.
package func closestMatch(to word: String, among candidates: [String]) -> String? {
    let lowered = word.lowercased()
    // A word that one candidate only goes on from is that candidate cut short ('iphone-se' is iphone-se-3).
    let longer = candidates.filter { $0.lowercased().hasPrefix(lowered) && $0.count > lowered.count }
    if longer.count == 1, lowered.count >= 3, !candidates.contains(where: { $0.lowercased() == lowered }) { return longer[0] }
    // Another form of the same word: one candidate only shares its first four letters or more,
    // half the word at least ('failing' is failed).
    let stems = candidates.filter { candidate in
        let shared = zip(lowered, candidate.lowercased()).prefix { $0 == $1 }.count
        return shared >= 4 && shared * 2 >= lowered.count
    }
    if stems.count == 1 { return stems[0] }
    let scored = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
    // A candidate that differs in every character is no near miss ('xx' is not a misspelt 'en').
    let allowance = min(max(2, lowered.count / 3), max(0, lowered.count - 1))
    return best.1 <= allowance ? best.0 : nil
}

/// Edit distance between two strings, by characters: insertions, deletions, substitutions and
/// swaps of two neighbouring characters each count one (optimal string alignment), so '--jbos'
/// is one edit from '--jobs', nearer than '--ios'.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}
