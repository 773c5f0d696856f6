document.getElementById("player")!.textContent = "hello";
