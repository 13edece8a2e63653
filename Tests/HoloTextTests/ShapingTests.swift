import Testing
@testable import HoloText
import HoloScene
