package io.sites.app.webapp;

import io.sites.app.identity.AddressThrottle;
import io.sites.app.identity.SignUps;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import io.sites.app.identity.IdentityProperties;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** Sign-up and the sign-in page; Spring Security itself checks the password posted to the sign-in form. */
@Controller
class SignUpController {
    private final SignUps signUps;
    private final SecurityContextRepository contexts;
    private final AddressThrottle throttle;
    private final int signUpsPerHour;

    SignUpController(SignUps signUps, SecurityContextRepository contexts, AddressThrottle throttle,
            IdentityProperties properties) {
        this.signUps = signUps;
        this.contexts = contexts;
        this.throttle = throttle;
        this.signUpsPerHour = properties.limits().signUpsPerHour();
    }

    @GetMapping("/app/login")
    String login() {
        return "login";
    }

    @GetMapping("/app/signup")
    String signUpForm() {
        return "signup";
    }

    @PostMapping("/app/signup")
    String signUp(@RequestParam String username, @RequestParam String password, Model model,
            HttpServletRequest request, HttpServletResponse response) {
        // Every attempt counts, a taken username or a refused password too: each costs an Argon2id hash.
        if (!throttle.admit("sign-up", request.getRemoteAddr(), signUpsPerHour)) {
            model.addAttribute("username", username);
            model.addAttribute("problems",
                    Map.of("form", "Too many sign-ups from your network. Try again in an hour."));
            response.setStatus(HttpStatus.TOO_MANY_REQUESTS.value());
            response.setHeader("Retry-After", String.valueOf(AddressThrottle.WINDOW.toSeconds()));
            return "signup";
        }
        return switch (signUps.signUp(username, password)) {
            case SignUps.Refused refused -> {
                model.addAttribute("username", username);
                model.addAttribute("problems", refused.problems());
                response.setStatus(HttpServletResponse.SC_UNPROCESSABLE_CONTENT);
                yield "signup";
            }
            case SignUps.Created created -> {
                // Signed in at once, on a fresh session id (no fixation).
                request.getSession(true);
                request.changeSessionId();
                // The session keeps the person, never their password hash (as after a form sign-in).
                created.person().eraseCredentials();
                SecurityContext context = SecurityContextHolder.createEmptyContext();
                context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(created.person(), null,
                        created.person().getAuthorities()));
                SecurityContextHolder.setContext(context);
                contexts.saveContext(context, request, response);
                yield "redirect:/app/websites";
            }
        };
    }

    @GetMapping({"/app", "/app/"})
    String home() {
        return "redirect:/app/websites";
    }
}
