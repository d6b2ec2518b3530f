package io.sites.app.webapp;

import io.sites.app.identity.AccountUser;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/** Every page of the web application knows who is signed in ({@code person}, null when nobody is). */
@ControllerAdvice(basePackageClasses = SignedInPerson.class)
class SignedInPerson {

    @ModelAttribute("person")
    AccountUser person(@AuthenticationPrincipal AccountUser person) {
        return person;
    }
}
