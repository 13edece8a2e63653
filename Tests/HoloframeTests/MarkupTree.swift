// A report page parsed as XML into a small tree, so tests can ask about its structure
// (the pages are polyglot markup: well-formed XML that browsers read as HTML5).

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

final class MarkupNode {
    let name: String
    let attributes: [String: String]
    var children: [MarkupNode] = []
    var text = ""
    weak var parent: MarkupNode?

    init(name: String, attributes: [String: String]) { self.name = name; self.attributes = attributes }

    var classes: Set<String> { Set((attributes["class"] ?? "").split(separator: " ").map(String.init)) }

    /// All descendants (depth first) that satisfy `match`.
    func all(_ match: (MarkupNode) -> Bool) -> [MarkupNode] {
        children.flatMap { (match($0) ? [$0] : []) + $0.all(match) }
    }
    func all(_ name: String, class cls: String? = nil) -> [MarkupNode] {
        all { $0.name == name && (cls == nil || $0.classes.contains(cls!)) }
    }
    /// This node's text and its descendants', in order.
    var allText: String { text + children.map(\.allText).joined() }
}

final class MarkupTree: NSObject, XMLParserDelegate {
    let root = MarkupNode(name: "#document", attributes: [:])
    private var current: MarkupNode
    private(set) var error: Error?

    /// Parses `markup`; throws when it is not well-formed.
    init(_ markup: String) throws {
        current = root
        super.init()
        let parser = XMLParser(data: Data(markup.utf8))
        parser.delegate = self
        if !parser.parse() { throw parser.parserError ?? error ?? CocoaError(.coderReadCorrupt) }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        let node = MarkupNode(name: elementName, attributes: attributeDict)
        node.parent = current
        current.children.append(node)
        current = node
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        current = current.parent ?? root
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current.text += string }
    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) { current.text += String(decoding: CDATABlock, as: UTF8.self) }
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }
}
