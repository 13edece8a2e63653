// The finance content every finance clip shows (hero, celebration, parallax, gradients): a balance,
// recent transactions, savings goals and monthly budgets (FinPessoal's Dashboard, Transactions,
// Goals and Budgets screens in its design, docs/designs.md, Finance app). Fixed sample data, so
// frames are reproducible.

import HoloGeometry

public enum FinanceData {
    public struct Transaction: Sendable, Hashable {
        public var title: String
        public var category: String
        public var date: String
        /// Negative for spending.
        public var amount: Double
    }

    public struct Goal: Sendable, Hashable {
        public var name: String
        public var saved: Double
        public var target: Double
        public var progress: Double { target > 0 ? min(saved / target, 1) : 0 }
    }

    public struct Budget: Sendable, Hashable {
        public var category: String
        public var spent: Double
        public var limit: Double
        public var usage: Double { limit > 0 ? spent / limit : 0 }
    }

    public static let balance = 48_215.37
    public static let monthChange = 1_284.10

    public static let transactions: [Transaction] = [
        .init(title: "Salary", category: "Income", date: "Feb 14", amount: 6_850.00),
        .init(title: "Whole Foods", category: "Groceries", date: "Feb 13", amount: -142.87),
        .init(title: "Hartwell Tailors", category: "Clothing", date: "Feb 12", amount: -480.00),
        .init(title: "Vanguard", category: "Investments", date: "Feb 12", amount: -1_500.00),
        .init(title: "The Yale Club", category: "Dining", date: "Feb 11", amount: -96.40),
        .init(title: "Dividend", category: "Income", date: "Feb 10", amount: 312.55),
        .init(title: "Con Edison", category: "Utilities", date: "Feb 9", amount: -118.23),
        .init(title: "Barnes & Noble", category: "Books", date: "Feb 8", amount: -54.10),
        .init(title: "Amtrak", category: "Travel", date: "Feb 7", amount: -212.00),
        .init(title: "Sotheby's", category: "Art", date: "Feb 6", amount: -950.00),
        .init(title: "Rent", category: "Housing", date: "Feb 1", amount: -3_200.00),
        .init(title: "Interest", category: "Income", date: "Feb 1", amount: 41.08),
    ]

    public static let goals: [Goal] = [
        .init(name: "Emergency Fund", saved: 18_400, target: 20_000),
        .init(name: "Summer in Maine", saved: 4_150, target: 6_000),
        .init(name: "Steinway Piano", saved: 21_700, target: 45_000),
        .init(name: "Sailboat", saved: 9_800, target: 38_000),
    ]

    public static let budgets: [Budget] = [
        .init(category: "Dining", spent: 412, limit: 600),
        .init(category: "Groceries", spent: 538, limit: 700),
        .init(category: "Clothing", spent: 480, limit: 500),
        .init(category: "Travel", spent: 212, limit: 900),
    ]

    /// "$48,215.37", "−$142.87", "+$312.55" (signed when `signed`).
    public static func money(_ value: Double, signed: Bool = false, cents: Bool = true) -> String {
        let scaled = (abs(value) * (cents ? 100 : 1)).rounded()
        let whole = Int(cents ? (scaled / 100).rounded(.down) : scaled)
        var digits = String(whole)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        grouped = digits + grouped
        if cents {
            let c = Int(scaled) % 100
            grouped += "." + (c < 10 ? "0" : "") + String(c)
        }
        let sign = value < 0 ? "\u{2212}" : (signed ? "+" : "")
        return sign + "$" + grouped
    }
}
