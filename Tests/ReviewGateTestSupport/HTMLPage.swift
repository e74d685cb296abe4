import Foundation

/// Pieces of a `simulate --html` page, read as text.
package enum HTMLPage {
    /// The headline figures' section (`<section class="figures">`), its HTML; empty when there is none.
    package static func figureSection(_ page: String) -> String {
        let section = page.components(separatedBy: "<section class=\"figures\"").dropFirst().first ?? ""
        return section.components(separatedBy: "</section>")[0]
    }

    /// The tables of the headline figures, each as its HTML.
    package static func figureTables(_ page: String) -> [String] {
        Array(figureSection(page).components(separatedBy: "<table>").dropFirst())
    }

    /// Each table of headline figures' column heads, as text: `["", "policy apple-sample", "change", ...]`.
    package static func figureTableHeads(_ page: String) -> [[String]] {
        figureTables(page).map { table in
            table.components(separatedBy: "</thead>")[0].components(separatedBy: "<th ").dropFirst().map(text)
        }
    }

    /// What follows an element's name (`scope="col"><span>a</span> b</th>`) with its tags dropped: `a b`.
    package static func text(_ html: String) -> String {
        var text = ""
        var inTag = true
        for character in html {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        return text
    }
}
