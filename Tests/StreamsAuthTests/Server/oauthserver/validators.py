"""DOT's own validator, watched.

Nothing here changes a decision django-oauth-toolkit makes, except refresh-token rotation for
a tenant whose test switched it off (/test/refresh-token-policy): each method calls DOT's and
records what it decided, for /test/counters.

How DOT 3.x signals refresh-token reuse: ``validate_refresh_token`` finds the presented
token revoked; outside REFRESH_TOKEN_GRACE_PERIOD_SECONDS (or when the token was revoked
rather than rotated) it calls ``RefreshToken.revoke_family`` when
REFRESH_TOKEN_REUSE_PROTECTION is on and returns False, which oauthlib turns into
``400 {"error": "invalid_grant"}``. Inside the grace period it returns True and the token
endpoint answers with the pair already minted from that token. So: the token's revoked
state before DOT looks, plus DOT's answer, tells which path was taken.
"""

from django.db.models import F
from oauth2_provider.models import get_refresh_token_model
from oauth2_provider.oauth2_validators import OAuth2Validator

from .state import registry, token_checksum

RefreshToken = get_refresh_token_model()


class ObservingValidator(OAuth2Validator):
    def validate_refresh_token(self, refresh_token, client, request, *args, **kwargs):
        # The same lookup DOT makes: prefer the live row, else the most recently revoked.
        before = (
            RefreshToken.objects.filter(token_checksum=token_checksum(refresh_token))
            .order_by(F("revoked").desc(nulls_first=True))
            .first()
        )
        live_in_family = 0
        if before is not None and before.revoked is not None and before.token_family:
            live_in_family = RefreshToken.objects.filter(
                token_family=before.token_family, revoked__isnull=True
            ).count()

        accepted = super().validate_refresh_token(refresh_token, client, request, *args, **kwargs)

        tenant = registry.for_client(getattr(client, "client_id", None))
        if before is None:
            registry.count(tenant, "unknown_refresh_tokens")
        elif before.revoked is not None:
            if accepted:
                registry.count(tenant, "grace_reuses")
            else:
                registry.count(tenant, "reuse_detections")
                if live_in_family:
                    registry.count(tenant, "families_revoked")
        return accepted

    def rotate_refresh_token(self, request):
        # Per tenant (a server that does not rotate); DOT's setting otherwise.
        tenant = registry.for_client(getattr(request.client, "client_id", None))
        if tenant is not None and not tenant.rotate_refresh_tokens:
            return False
        return super().rotate_refresh_token(request)

    def _create_access_token(self, expires, request, token, source_refresh_token=None):
        access_token = super()._create_access_token(expires, request, token, source_refresh_token)
        # Remembered so that the protected resource can attribute a 401 to its tenant even
        # after DOT deleted the token (rotation and family revocation delete access tokens).
        registry.remember_access_token(token["access_token"], getattr(request.client, "client_id", None))
        return access_token
