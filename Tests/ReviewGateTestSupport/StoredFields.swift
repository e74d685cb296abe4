/// A value's stored properties, found with `Mirror`, so that a test over "every field" also covers
/// a field added after it was written: `asks[0].prompt`, `events[done].count`.
package enum StoredFields {
    /// Every leaf of `value` (a value with no stored properties of its own: a number, a string, an
    /// enum's case) by its path, with the leaf's description. Optionals are looked through (`nil`
    /// is a leaf); collections are indexed (`asks[0]`) and dictionaries keyed (`events[done]`); an
    /// enum case's payload is under the case's name (`attributes[plan].string`).
    package static func leaves(of value: Any, at path: String = "") -> [String: String] {
        var leaves: [String: String] = [:]
        collect(value, at: path, into: &leaves)
        return leaves
    }

    /// `asks[0].prompt` as `asks[].prompt`: the field, whichever element holds it.
    package static func field(_ path: String) -> String {
        var field = ""
        var depth = 0
        for character in path {
            if character == "[" {
                if depth == 0 { field.append("[") }
                depth += 1
            } else if character == "]" {
                depth -= 1
                if depth == 0 { field.append("]") }
            } else if depth == 0 {
                field.append(character)
            }
        }
        return field
    }

    /// The paths where `value` holds nothing: an optional that is `nil`, an empty collection or
    /// dictionary.
    package static func empty(in value: Any, at path: String = "") -> [String] {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return [path] }
            return empty(in: wrapped, at: path)
        case .collection, .set, .dictionary:
            if mirror.children.isEmpty { return [path] }
        default: break
        }
        return children(of: value, at: path).flatMap { empty(in: $0.value, at: $0.path) }
    }

    /// The stored properties' labels of a struct (or a class), in declaration order.
    package static func labels(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap(\.label)
    }

    private static func collect(_ value: Any, at path: String, into leaves: inout [String: String]) {
        let parts = children(of: value, at: path)
        if parts.isEmpty {
            leaves[path] = String(reflecting: value)
            return
        }
        for part in parts { collect(part.value, at: part.path, into: &leaves) }
    }

    /// The parts of a value one level down, by path.
    private static func children(of value: Any, at path: String) -> [(path: String, value: Any)] {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return [] }
            return children(of: wrapped, at: path)
        case .collection, .set:
            return mirror.children.enumerated().map { ("\(path)[\($0.offset)]", $0.element.value) }
        case .dictionary:
            return mirror.children.map { entry in
                let pair = Array(Mirror(reflecting: entry.value).children)
                return ("\(path)[\(pair[0].value)]", pair[1].value)
            }
        default:
            return mirror.children.enumerated().map { index, child in
                let label = child.label ?? String(index)
                return (path.isEmpty ? label : "\(path).\(label)", child.value)
            }
        }
    }
}
