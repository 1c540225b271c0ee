from django.conf import settings
from django.urls import include, path
from oauth2_provider.urls import base_urlpatterns

from . import views

urlpatterns = [
    # The token endpoint is /o/token/ (also /o/revoke_token/, /o/introspect/, /o/authorize/).
    path("o/", include((base_urlpatterns, "oauth2_provider"))),
    path("api/me", views.me, name="me"),
    path("accounts/login/", views.login),
]

if settings.PAYMENT_UPSTREAM:
    from . import payment

    urlpatterns += payment.urlpatterns

if settings.TEST_ENDPOINTS:
    urlpatterns += [
        path("test/health", views.health),
        path("test/config", views.config),
        path("test/tenants", views.create_tenant),
        path("test/counters", views.counters),
        path("test/reset", views.reset),
        path("test/token-latency", views.token_latency),
        path("test/drop-token-responses", views.drop_token_responses),
        path("test/resource-mode", views.resource_mode),
        path("test/refresh-token-policy", views.refresh_token_policy),
        path("test/issue-tokens", views.issue_tokens),
        path("test/revoke-family", views.revoke_family),
        path("test/expire-access-token", views.expire_access_token),
        path("test/token-info", views.token_info),
    ]
