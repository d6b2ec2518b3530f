package io.sites.app.webapp;

import io.sites.api.id.Actor;
import io.sites.api.Door;
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

    /**
     * The person as the events their pages cause record them: through the web application. (Not a method of
     * AccountUser: sessions hold that class serialized, and a new method would change its serial version.)
     */
    static Actor actor(AccountUser person) {
        return new Actor(person.account(), Door.WEB, null);
    }
}
