// What SessionsThatDependOnSessions.md takes for granted: a payment backend that exchanges the
// messenger's token its own way, and the payment service's token endpoint.
import Foundation
import StreamsAuth

struct PaymentBackend: Sendable {
  func session(for messengerAccessToken: String) async throws(AuthError) -> Credential {
    Credential(accessToken: "payment", refreshToken: "payment-refresh", expiresAt: Date().addingTimeInterval(600))
  }
}

let paymentBackend = PaymentBackend()
let paymentTokenURL = URL(string: "https://pay.example/token")!
